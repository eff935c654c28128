/* What jextract reads for ishmem-cuda-bindings: the CUDA driver API, NVIDIA's cuda.h (CUDA 13.0 on the
   GPU machines). The header is NVIDIA's and is never committed: regenerate.sh takes its folder. */
#include <cuda.h>

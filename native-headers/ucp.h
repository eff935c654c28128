/* What jextract reads for ishmem-ucx-bindings: the UCP API of UCX (Debian libucx-dev, UCX 1.13.1). */
#include <ucp/api/ucp.h>

/* What jextract reads for ishmem-l0-bindings: the Level Zero core API (Debian libze-dev). */
#include <level_zero/ze_api.h>

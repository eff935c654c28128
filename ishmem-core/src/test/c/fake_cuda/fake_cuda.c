/*
 * ishmem fake CUDA driver: a libcuda.so.1 that exports only the calls device discovery makes (cuInit,
 * cuDriverGetVersion, cuDeviceGetCount, cuDeviceGetName, cuDeviceGetAttribute, cuGetErrorName,
 * cuGetErrorString) and always refuses at one of discovery's checks, chosen by ISHMEM_TEST_FAKE_CUDA:
 *
 *   no-device     cuInit returns CUDA_ERROR_NO_DEVICE, as with no GPU or CUDA_VISIBLE_DEVICES hiding all
 *   init-fails    cuInit returns CUDA_ERROR_NOT_INITIALIZED, as with the kernel module not loaded
 *   old-driver    the driver says 10.1, older than VMM handles with POSIX descriptors need (10.2)
 *   zero-devices  cuInit succeeds but cuDeviceGetCount reports none
 *   no-vmm        the device lacks CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED
 *   no-fd         the device lacks CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED
 *   no-memops     the device lacks CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS
 *
 * An unset or unknown mode fails cuInit with CUDA_ERROR_INVALID_VALUE and says so on stderr. There is
 * deliberately no mode that passes every check: the backend would then call cuDevicePrimaryCtxRetain and
 * the rest, which this library does not have, and a fake GPU would test nothing real.
 *
 * The tests put its folder on LD_LIBRARY_PATH of the PEs they fork, so that dlopen("libcuda.so.1") by the
 * binding finds it. NVIDIA's cuda.h is not available here: the few types and values are written out below,
 * with the numbers of CUDA 13's header (the binding's generated constants say the same).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

typedef int CUresult;
typedef int CUdevice;
typedef int CUdevice_attribute;

#define CUDA_SUCCESS                0
#define CUDA_ERROR_INVALID_VALUE    1
#define CUDA_ERROR_OUT_OF_MEMORY    2
#define CUDA_ERROR_NOT_INITIALIZED  3
#define CUDA_ERROR_NO_DEVICE        100
#define CUDA_ERROR_INVALID_DEVICE   101
#define CUDA_ERROR_NOT_SUPPORTED    801

#define CU_DEVICE_ATTRIBUTE_PCI_BUS_ID                                     33
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR                       75
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR                       76
#define CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED            102
#define CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED    103
#define CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS                  122

/* what a driver of today says; old-driver says 10.1, one short of the 10.2 that VMM handles need */
#define DRIVER_VERSION      12080
#define OLD_DRIVER_VERSION  10010
#define DEVICE_COUNT        1
#define DEVICE_NAME         "ishmem fake CUDA device (no GPU)"

enum mode {
    MODE_UNKNOWN,
    MODE_NO_DEVICE,
    MODE_INIT_FAILS,
    MODE_OLD_DRIVER,
    MODE_ZERO_DEVICES,
    MODE_NO_VMM,
    MODE_NO_FD,
    MODE_NO_MEMOPS
};

static const struct {
    const char *name;
    enum mode mode;
} MODES[] = {
    { "no-device", MODE_NO_DEVICE },
    { "init-fails", MODE_INIT_FAILS },
    { "old-driver", MODE_OLD_DRIVER },
    { "zero-devices", MODE_ZERO_DEVICES },
    { "no-vmm", MODE_NO_VMM },
    { "no-fd", MODE_NO_FD },
    { "no-memops", MODE_NO_MEMOPS },
};

/* the names and strings NVIDIA's driver gives for the results this library returns */
static const struct {
    CUresult result;
    const char *name;
    const char *string;
} RESULTS[] = {
    { CUDA_SUCCESS, "CUDA_SUCCESS", "no error" },
    { CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument" },
    { CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory" },
    { CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error" },
    { CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected" },
    { CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal" },
    { CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported" },
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* set by a successful cuInit; as with the real driver, the device calls before it fail */
static int g_initialized;

/* read on every call rather than once, so no call depends on which came first */
static enum mode current_mode(void)
{
    const char *s = getenv("ISHMEM_TEST_FAKE_CUDA");
    if (s == NULL)
        return MODE_UNKNOWN;
    for (size_t i = 0; i < COUNT(MODES); i++)
        if (strcmp(s, MODES[i].name) == 0)
            return MODES[i].mode;
    return MODE_UNKNOWN;
}

static CUresult check_device(CUdevice dev)
{
    if (!g_initialized)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (dev < 0 || dev >= DEVICE_COUNT)
        return CUDA_ERROR_INVALID_DEVICE;
    return CUDA_SUCCESS;
}

EXPORT CUresult cuInit(unsigned int flags)
{
    if (flags != 0)
        return CUDA_ERROR_INVALID_VALUE;
    switch (current_mode()) {
    case MODE_UNKNOWN:
        /* a test that forgot the mode, or misspelt it, fails loudly rather than testing nothing */
        fprintf(stderr, "fake libcuda: ISHMEM_TEST_FAKE_CUDA='%s' is not one of no-device, init-fails, "
                        "old-driver, zero-devices, no-vmm, no-fd, no-memops\n",
                getenv("ISHMEM_TEST_FAKE_CUDA") == NULL ? "(unset)" : getenv("ISHMEM_TEST_FAKE_CUDA"));
        return CUDA_ERROR_INVALID_VALUE;
    case MODE_NO_DEVICE:
        return CUDA_ERROR_NO_DEVICE;
    case MODE_INIT_FAILS:
        return CUDA_ERROR_NOT_INITIALIZED;
    default:
        g_initialized = 1;
        return CUDA_SUCCESS;
    }
}

/* like the real driver, answers before cuInit */
EXPORT CUresult cuDriverGetVersion(int *version)
{
    if (version == NULL)
        return CUDA_ERROR_INVALID_VALUE;
    *version = current_mode() == MODE_OLD_DRIVER ? OLD_DRIVER_VERSION : DRIVER_VERSION;
    return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetCount(int *count)
{
    if (count == NULL)
        return CUDA_ERROR_INVALID_VALUE;
    if (!g_initialized)
        return CUDA_ERROR_NOT_INITIALIZED;
    *count = current_mode() == MODE_ZERO_DEVICES ? 0 : DEVICE_COUNT;
    return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
    if (name == NULL || len <= 0)
        return CUDA_ERROR_INVALID_VALUE;
    const CUresult valid = check_device(dev);
    if (valid != CUDA_SUCCESS)
        return valid;
    snprintf(name, (size_t) len, "%s", DEVICE_NAME);
    return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute, CUdevice dev)
{
    if (value == NULL)
        return CUDA_ERROR_INVALID_VALUE;
    const CUresult valid = check_device(dev);
    if (valid != CUDA_SUCCESS)
        return valid;
    switch (attribute) {
    case CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED:
        *value = current_mode() != MODE_NO_VMM;
        return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED:
        *value = current_mode() != MODE_NO_FD;
        return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS:
        *value = current_mode() != MODE_NO_MEMOPS;
        return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_PCI_BUS_ID:
        *value = 0x17;
        return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
        *value = 9;
        return CUDA_SUCCESS;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
        *value = 0;
        return CUDA_SUCCESS;
    default:
        /* an attribute discovery does not ask for: the caller changed, and so must this library */
        return CUDA_ERROR_INVALID_VALUE;
    }
}

/* both answer before cuInit, and for an unknown result set *text to NULL, as the real driver does */
static CUresult describe(CUresult result, const char **text, int string)
{
    if (text == NULL)
        return CUDA_ERROR_INVALID_VALUE;
    for (size_t i = 0; i < COUNT(RESULTS); i++) {
        if (RESULTS[i].result == result) {
            *text = string ? RESULTS[i].string : RESULTS[i].name;
            return CUDA_SUCCESS;
        }
    }
    *text = NULL;
    return CUDA_ERROR_INVALID_VALUE;
}

EXPORT CUresult cuGetErrorName(CUresult result, const char **name)
{
    return describe(result, name, 0);
}

EXPORT CUresult cuGetErrorString(CUresult result, const char **string)
{
    return describe(result, string, 1);
}

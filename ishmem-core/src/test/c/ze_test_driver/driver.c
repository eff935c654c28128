/* Driver, devices, contexts, and the registry of live handles. */
#include "driver.h"

#include <stdlib.h>
#include <string.h>

pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
struct _ze_driver_handle_t g_driver = { DRIVER_MAGIC };
struct _ze_device_handle_t g_devices[MAX_DEVICES];
int g_initialized;

static struct obj *g_objects;

void obj_add(struct obj *o, uint32_t magic)
{
    o->magic = magic;
    o->next = g_objects;
    g_objects = o;
}

/* a handle is valid when it is on the live list (so it is never dereferenced if freed) with the magic */
int obj_live(const void *p, uint32_t magic)
{
    if (p == NULL)
        return 0;
    for (struct obj *o = g_objects; o != NULL; o = o->next)
        if ((const void *) o == p)
            return o->magic == magic;
    return 0;
}

void obj_remove(struct obj *o)
{
    for (struct obj **pp = &g_objects; *pp != NULL; pp = &(*pp)->next) {
        if (*pp == o) {
            *pp = o->next;
            break;
        }
    }
    o->magic = DEAD_MAGIC;
    o->next = NULL;
}

uint32_t device_count(void)
{
    const char *s = getenv("ISHMEM_TEST_ZE_DEVICES");
    if (s == NULL || *s == '\0')
        return 1;
    char *end;
    long n = strtol(s, &end, 10);
    if (*end != '\0' || n < 1)
        return 1;
    return n > MAX_DEVICES ? MAX_DEVICES : (uint32_t) n;
}

int driver_valid(ze_driver_handle_t d)
{
    return d == &g_driver && d->magic == DRIVER_MAGIC;
}

int device_valid(ze_device_handle_t d)
{
    if (d == NULL || d < &g_devices[0] || d >= &g_devices[MAX_DEVICES])
        return 0;
    return d->magic == DEVICE_MAGIC && d->index < device_count();
}

ze_result_t drv_Init(ze_init_flags_t flags)
{
    if (flags != 0 && (flags & ZE_INIT_FLAG_GPU_ONLY) == 0)
        return ZE_RESULT_ERROR_UNINITIALIZED; /* VPU only: we have no such device */
    LOCK();
    for (uint32_t i = 0; i < MAX_DEVICES; i++) {
        g_devices[i].magic = DEVICE_MAGIC;
        g_devices[i].index = i;
    }
    g_initialized = 1;
    UNLOCK();
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_DriverGet(uint32_t *pCount, ze_driver_handle_t *phDrivers)
{
    if (pCount == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (!g_initialized)
        return ZE_RESULT_ERROR_UNINITIALIZED;
    if (*pCount == 0 || phDrivers == NULL) {
        *pCount = 1;
        return ZE_RESULT_SUCCESS;
    }
    phDrivers[0] = &g_driver;
    *pCount = 1;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_DriverGetApiVersion(ze_driver_handle_t h, ze_api_version_t *version)
{
    if (!driver_valid(h))
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (version == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    *version = ZE_API_VERSION_1_4;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_DriverGetProperties(ze_driver_handle_t h, ze_driver_properties_t *p)
{
    if (!driver_valid(h))
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (p == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(p, ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES);
    memset(p->uuid.id, 0, sizeof p->uuid.id);
    memcpy(p->uuid.id, "ishmem-test-drv", 15);
    p->driverVersion = 1;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_DeviceGet(ze_driver_handle_t h, uint32_t *pCount, ze_device_handle_t *phDevices)
{
    if (!driver_valid(h))
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (pCount == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    uint32_t n = device_count();
    if (*pCount == 0 || phDevices == NULL) {
        *pCount = n;
        return ZE_RESULT_SUCCESS;
    }
    if (*pCount < n)
        n = *pCount;
    for (uint32_t i = 0; i < n; i++)
        phDevices[i] = &g_devices[i];
    *pCount = n;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_DeviceGetProperties(ze_device_handle_t h, ze_device_properties_t *p)
{
    if (!device_valid(h))
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (p == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (p->stype != ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES && p->stype != ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    p->type = ZE_DEVICE_TYPE_GPU;
    p->vendorId = 0x8086;
    p->deviceId = 0xffff;
    p->flags = 0;
    p->subdeviceId = 0;
    p->coreClockRate = 1000;
    p->maxMemAllocSize = UINT64_C(64) << 30;
    p->maxHardwareContexts = 1;
    p->maxCommandQueuePriority = 0;
    p->numThreadsPerEU = 1;
    p->physicalEUSimdWidth = 1;
    p->numEUsPerSubslice = 1;
    p->numSubslicesPerSlice = 1;
    p->numSlices = 1;
    p->timerResolution = 1;
    p->timestampValidBits = 64;
    p->kernelTimestampValidBits = 64;
    memset(p->uuid.id, 0, sizeof p->uuid.id);
    memcpy(p->uuid.id, "ishmem-dev", 10);
    p->uuid.id[ZE_MAX_DEVICE_UUID_SIZE - 1] = (uint8_t) h->index;
    memset(p->name, 0, sizeof p->name);
    strcpy(p->name, "ishmem test device");
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_DeviceGetCommandQueueGroupProperties(ze_device_handle_t h, uint32_t *pCount,
        ze_command_queue_group_properties_t *p)
{
    if (!device_valid(h))
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (pCount == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (*pCount == 0 || p == NULL) {
        *pCount = 2;
        return ZE_RESULT_SUCCESS;
    }
    uint32_t n = *pCount < 2 ? *pCount : 2;
    for (uint32_t i = 0; i < n; i++)
        CHECK_STYPE(&p[i], ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES);
    for (uint32_t i = 0; i < n; i++) {
        p[i].flags = i == 0 ? (ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE | ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY)
                            : ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY;
        p[i].maxMemoryFillPatternSize = 4;
        p[i].numQueues = 1;
    }
    *pCount = n;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_ContextCreate(ze_driver_handle_t h, const ze_context_desc_t *desc, ze_context_handle_t *phContext)
{
    if (!driver_valid(h))
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (desc == NULL || phContext == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(desc, ZE_STRUCTURE_TYPE_CONTEXT_DESC);
    ze_context_handle_t c = calloc(1, sizeof *c);
    if (c == NULL)
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    LOCK();
    obj_add(&c->hdr, CONTEXT_MAGIC);
    UNLOCK();
    *phContext = c;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_ContextDestroy(ze_context_handle_t h)
{
    LOCK();
    if (!obj_live(h, CONTEXT_MAGIC)) {
        UNLOCK();
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    obj_remove(&h->hdr);
    UNLOCK();
    free(h);
    return ZE_RESULT_SUCCESS;
}

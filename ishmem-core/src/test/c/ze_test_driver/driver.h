/*
 * ishmem test Level Zero driver: a small, synchronous, CPU-only driver written from the Level Zero
 * specification, loaded by the real loader through ZE_ENABLE_ALT_DRIVERS. It stands in for an Intel GPU
 * in the tests: "device" memory is memfd-backed host memory, immediate command lists run each command at
 * once, and the only kernel is ishmem_atomic_add_u64.
 *
 * Every entry point takes one global mutex. Entry points are hidden (drv_* names) so that they never
 * interpose with, or get interposed by, the loader's exported ze* symbols; only the
 * ze, zet and zes Get...ProcAddrTable functions are exported.
 */
#ifndef ISHMEM_ZE_TEST_DRIVER_H
#define ISHMEM_ZE_TEST_DRIVER_H

#define _GNU_SOURCE
#include <level_zero/ze_api.h>
#include <level_zero/ze_ddi.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define HIDDEN __attribute__((visibility("hidden")))
#define EXPORT __attribute__((visibility("default")))

/* handle magics; DEAD_MAGIC is written into a handle when it is destroyed */
#define DRIVER_MAGIC   0x5a445256u /* ZDRV */
#define DEVICE_MAGIC   0x5a444556u /* ZDEV */
#define CONTEXT_MAGIC  0x5a435458u /* ZCTX */
#define CMDLIST_MAGIC  0x5a434d44u /* ZCMD */
#define POOL_MAGIC     0x5a504f4fu /* ZPOO */
#define EVENT_MAGIC    0x5a45564eu /* ZEVN */
#define MODULE_MAGIC   0x5a4d4f44u /* ZMOD */
#define LOG_MAGIC      0x5a4c4f47u /* ZLOG */
#define KERNEL_MAGIC   0x5a4b524eu /* ZKRN */
#define DEAD_MAGIC     0xdeadbeefu

#define IPC_MAGIC      0x49504331u /* bytes 4-7 of an IPC handle */
#define MAX_DEVICES    16
#define KERNEL_NAME    "ishmem_atomic_add_u64"

/* The loader's validation layer checks null handles and pointers but no structure type; the driver does,
   so a descriptor of the wrong type fails the caller's test instead of being read as something else. */
#define CHECK_STYPE(s, expected) \
    do { if ((s)->stype != (expected)) return ZE_RESULT_ERROR_INVALID_ARGUMENT; } while (0)

/* every handle object begins with this header; live objects are on one list */
struct obj {
    uint32_t magic;
    struct obj *next;
};

struct _ze_driver_handle_t { uint32_t magic; };
struct _ze_device_handle_t { uint32_t magic; uint32_t index; };
struct _ze_context_handle_t { struct obj hdr; };
/* a copy held back on its list under ISHMEM_TEST_ZE_DEFER_COPIES (commands.c) */
struct deferred_copy {
    void *dst;
    const void *src;
    size_t size;
    struct deferred_copy *next;
};
struct _ze_command_list_handle_t {
    struct obj hdr;
    ze_context_handle_t ctx;
    uint32_t ordinal;
    struct deferred_copy *head, *tail;
};
struct _ze_event_pool_handle_t { struct obj hdr; uint32_t count; };
struct _ze_event_handle_t { struct obj hdr; ze_event_pool_handle_t pool; uint32_t index; int signalled; };
struct _ze_module_handle_t { struct obj hdr; };
struct _ze_module_build_log_handle_t { struct obj hdr; };
struct _ze_kernel_handle_t {
    struct obj hdr;
    ze_module_handle_t module;
    unsigned args_set;   /* bit i: argument i was set */
    uint64_t *word;      /* argument 0 */
    uint64_t value;      /* argument 1 */
    uint32_t group[3];
};

enum range_kind { RANGE_DEVICE = 1, RANGE_HOST = 2, RANGE_IPC = 3 };

/* a tracked live memory range */
struct range {
    enum range_kind kind;
    char *base;
    size_t size;
    int fd;              /* device allocations: the memfd, owned here; -1 otherwise */
    uint32_t device;     /* device allocations: device index */
    uint64_t id;
    struct range *next;
};

/* globals (driver.c) */
extern HIDDEN pthread_mutex_t g_lock;
extern HIDDEN struct _ze_driver_handle_t g_driver;
extern HIDDEN struct _ze_device_handle_t g_devices[MAX_DEVICES];
extern HIDDEN int g_initialized;

#define LOCK() pthread_mutex_lock(&g_lock)
#define UNLOCK() pthread_mutex_unlock(&g_lock)

/* handle registry (driver.c); callers hold g_lock */
HIDDEN void obj_add(struct obj *o, uint32_t magic);
HIDDEN int obj_live(const void *p, uint32_t magic);
HIDDEN void obj_remove(struct obj *o);
HIDDEN int device_valid(ze_device_handle_t d);
HIDDEN int driver_valid(ze_driver_handle_t d);
HIDDEN uint32_t device_count(void);

/* ranges (memory.c); callers hold g_lock */
HIDDEN struct range *range_find(const void *p, size_t size);
HIDDEN struct range *range_base(const void *p);

/* events (commands.c); callers hold g_lock */
HIDDEN ze_result_t check_wait(uint32_t n, ze_event_handle_t *events);
HIDDEN ze_result_t check_signal(ze_event_handle_t ev);
HIDDEN void do_signal(ze_event_handle_t ev);

/* kernel launch (module.c); callers hold g_lock */
HIDDEN ze_result_t kernel_run(ze_kernel_handle_t k, const ze_group_count_t *groups);

/* entry points, by file */
/* driver.c */
HIDDEN ze_result_t ZE_APICALL drv_Init(ze_init_flags_t flags);
HIDDEN ze_result_t ZE_APICALL drv_DriverGet(uint32_t *pCount, ze_driver_handle_t *phDrivers);
HIDDEN ze_result_t ZE_APICALL drv_DriverGetApiVersion(ze_driver_handle_t h, ze_api_version_t *version);
HIDDEN ze_result_t ZE_APICALL drv_DriverGetProperties(ze_driver_handle_t h, ze_driver_properties_t *p);
HIDDEN ze_result_t ZE_APICALL drv_DeviceGet(ze_driver_handle_t h, uint32_t *pCount, ze_device_handle_t *phDevices);
HIDDEN ze_result_t ZE_APICALL drv_DeviceGetProperties(ze_device_handle_t h, ze_device_properties_t *p);
HIDDEN ze_result_t ZE_APICALL drv_DeviceGetCommandQueueGroupProperties(ze_device_handle_t h, uint32_t *pCount,
        ze_command_queue_group_properties_t *p);
HIDDEN ze_result_t ZE_APICALL drv_ContextCreate(ze_driver_handle_t h, const ze_context_desc_t *desc,
        ze_context_handle_t *phContext);
HIDDEN ze_result_t ZE_APICALL drv_ContextDestroy(ze_context_handle_t h);
/* memory.c */
HIDDEN ze_result_t ZE_APICALL drv_MemAllocDevice(ze_context_handle_t ctx, const ze_device_mem_alloc_desc_t *desc,
        size_t size, size_t alignment, ze_device_handle_t dev, void **pptr);
HIDDEN ze_result_t ZE_APICALL drv_MemAllocHost(ze_context_handle_t ctx, const ze_host_mem_alloc_desc_t *desc,
        size_t size, size_t alignment, void **pptr);
HIDDEN ze_result_t ZE_APICALL drv_MemFree(ze_context_handle_t ctx, void *ptr);
HIDDEN ze_result_t ZE_APICALL drv_MemGetAllocProperties(ze_context_handle_t ctx, const void *ptr,
        ze_memory_allocation_properties_t *p, ze_device_handle_t *phDevice);
HIDDEN ze_result_t ZE_APICALL drv_MemGetIpcHandle(ze_context_handle_t ctx, const void *ptr, ze_ipc_mem_handle_t *h);
HIDDEN ze_result_t ZE_APICALL drv_MemOpenIpcHandle(ze_context_handle_t ctx, ze_device_handle_t dev,
        ze_ipc_mem_handle_t h, ze_ipc_memory_flags_t flags, void **pptr);
HIDDEN ze_result_t ZE_APICALL drv_MemCloseIpcHandle(ze_context_handle_t ctx, const void *ptr);
/* commands.c */
HIDDEN ze_result_t ZE_APICALL drv_CommandListCreateImmediate(ze_context_handle_t ctx, ze_device_handle_t dev,
        const ze_command_queue_desc_t *desc, ze_command_list_handle_t *phList);
HIDDEN ze_result_t ZE_APICALL drv_CommandListDestroy(ze_command_list_handle_t h);
HIDDEN ze_result_t ZE_APICALL drv_CommandListAppendMemoryCopy(ze_command_list_handle_t h, void *dst, const void *src,
        size_t size, ze_event_handle_t sig, uint32_t nwait, ze_event_handle_t *waits);
HIDDEN ze_result_t ZE_APICALL drv_CommandListAppendBarrier(ze_command_list_handle_t h, ze_event_handle_t sig,
        uint32_t nwait, ze_event_handle_t *waits);
HIDDEN ze_result_t ZE_APICALL drv_CommandListAppendLaunchKernel(ze_command_list_handle_t h, ze_kernel_handle_t k,
        const ze_group_count_t *groups, ze_event_handle_t sig, uint32_t nwait, ze_event_handle_t *waits);
HIDDEN ze_result_t ZE_APICALL drv_CommandListAppendSignalEvent(ze_command_list_handle_t h, ze_event_handle_t ev);
HIDDEN ze_result_t ZE_APICALL drv_CommandListAppendWaitOnEvents(ze_command_list_handle_t h, uint32_t n,
        ze_event_handle_t *events);
HIDDEN ze_result_t ZE_APICALL drv_CommandListAppendEventReset(ze_command_list_handle_t h, ze_event_handle_t ev);
HIDDEN ze_result_t ZE_APICALL drv_EventPoolCreate(ze_context_handle_t ctx, const ze_event_pool_desc_t *desc,
        uint32_t ndev, ze_device_handle_t *devs, ze_event_pool_handle_t *phPool);
HIDDEN ze_result_t ZE_APICALL drv_EventPoolDestroy(ze_event_pool_handle_t h);
HIDDEN ze_result_t ZE_APICALL drv_EventCreate(ze_event_pool_handle_t pool, const ze_event_desc_t *desc,
        ze_event_handle_t *phEvent);
HIDDEN ze_result_t ZE_APICALL drv_EventDestroy(ze_event_handle_t h);
HIDDEN ze_result_t ZE_APICALL drv_EventHostSignal(ze_event_handle_t h);
HIDDEN ze_result_t ZE_APICALL drv_EventHostSynchronize(ze_event_handle_t h, uint64_t timeout);
HIDDEN ze_result_t ZE_APICALL drv_EventQueryStatus(ze_event_handle_t h);
HIDDEN ze_result_t ZE_APICALL drv_EventHostReset(ze_event_handle_t h);
/* module.c */
HIDDEN ze_result_t ZE_APICALL drv_ModuleCreate(ze_context_handle_t ctx, ze_device_handle_t dev,
        const ze_module_desc_t *desc, ze_module_handle_t *phModule, ze_module_build_log_handle_t *phLog);
HIDDEN ze_result_t ZE_APICALL drv_ModuleDestroy(ze_module_handle_t h);
HIDDEN ze_result_t ZE_APICALL drv_ModuleBuildLogGetString(ze_module_build_log_handle_t h, size_t *pSize, char *buf);
HIDDEN ze_result_t ZE_APICALL drv_ModuleBuildLogDestroy(ze_module_build_log_handle_t h);
HIDDEN ze_result_t ZE_APICALL drv_KernelCreate(ze_module_handle_t m, const ze_kernel_desc_t *desc,
        ze_kernel_handle_t *phKernel);
HIDDEN ze_result_t ZE_APICALL drv_KernelDestroy(ze_kernel_handle_t h);
HIDDEN ze_result_t ZE_APICALL drv_KernelSetArgumentValue(ze_kernel_handle_t h, uint32_t index, size_t size,
        const void *value);
HIDDEN ze_result_t ZE_APICALL drv_KernelSetGroupSize(ze_kernel_handle_t h, uint32_t x, uint32_t y, uint32_t z);

#endif

/*
 * Smoke test of the ishmem test driver through the real Level Zero loader:
 *   ZE_ENABLE_ALT_DRIVERS=/abs/libze_ishmem_test.so ./smoke atomic_add.spv
 * Prints one line per check and "ALL OK" at the end; exits non-zero at the first failure.
 */
#define _GNU_SOURCE
#include <level_zero/ze_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int g_checks;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        g_checks++;                                                                                \
        if (!(cond)) {                                                                             \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
            fflush(stdout);                                                                        \
            exit(1);                                                                               \
        }                                                                                          \
        printf("ok   ");                                                                           \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
    } while (0)

#define ZE_OK(call)                                                                                \
    do {                                                                                           \
        ze_result_t r_ = (call);                                                                   \
        CHECK(r_ == ZE_RESULT_SUCCESS, "%s -> 0x%x", #call, (unsigned) r_);                        \
    } while (0)

#define ZE_IS(call, expected)                                                                      \
    do {                                                                                           \
        ze_result_t r_ = (call);                                                                   \
        CHECK(r_ == (expected), "%s -> 0x%x (want %s)", #call, (unsigned) r_, #expected);          \
    } while (0)

#define TWO_MIB ((size_t) 2 << 20)

static void *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *buf = malloc((size_t) n);
    if (buf == NULL || fread(buf, 1, (size_t) n, f) != (size_t) n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    *size = (size_t) n;
    return buf;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    CHECK(argc == 2, "usage: smoke <atomic_add.spv>");
    /* the driver reads the limit at every device allocation: 8 MiB leaves room for the checks below */
    setenv("ISHMEM_TEST_ZE_DEVICE_MEMORY", "8M", 1);

    ZE_OK(zeInit(ZE_INIT_FLAG_GPU_ONLY));
    uint32_t ndrv = 0;
    ZE_OK(zeDriverGet(&ndrv, NULL));
    CHECK(ndrv == 1, "one driver (%u)", ndrv);
    ze_driver_handle_t drv;
    ZE_OK(zeDriverGet(&ndrv, &drv));
    ze_api_version_t ver;
    ZE_OK(zeDriverGetApiVersion(drv, &ver));
    CHECK(ver == ZE_API_VERSION_1_4, "api version 1.4 (0x%x)", (unsigned) ver);

    uint32_t ndev = 0;
    ZE_OK(zeDeviceGet(drv, &ndev, NULL));
    CHECK(ndev == 1, "one device (%u)", ndev);
    ze_device_handle_t dev;
    ZE_OK(zeDeviceGet(drv, &ndev, &dev));
    ze_device_properties_t props = { .stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES };
    ZE_OK(zeDeviceGetProperties(dev, &props));
    CHECK(props.type == ZE_DEVICE_TYPE_GPU, "device type GPU");
    CHECK(strcmp(props.name, "ishmem test device") == 0, "device name '%s'", props.name);

    uint32_t ngroups = 0;
    ZE_OK(zeDeviceGetCommandQueueGroupProperties(dev, &ngroups, NULL));
    CHECK(ngroups == 2, "two queue groups (%u)", ngroups);
    ze_command_queue_group_properties_t groups[2] = {
        { .stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES },
        { .stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES },
    };
    ZE_OK(zeDeviceGetCommandQueueGroupProperties(dev, &ngroups, groups));
    CHECK((groups[0].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE) != 0, "group 0 computes");
    CHECK(groups[1].flags == ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY, "group 1 copies only");

    ze_context_desc_t cdesc = { .stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC };
    ze_context_handle_t ctx;
    ze_context_desc_t wrong = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC };
    CHECK(zeContextCreate(drv, &wrong, &ctx) == ZE_RESULT_ERROR_INVALID_ARGUMENT, "a wrong structure type is refused");
    ZE_OK(zeContextCreate(drv, &cdesc, &ctx));

    ze_device_mem_alloc_desc_t ddesc = { .stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC };
    ze_host_mem_alloc_desc_t hdesc = { .stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC };
    void *dmem = NULL, *hmem = NULL;
    ZE_OK(zeMemAllocDevice(ctx, &ddesc, TWO_MIB, TWO_MIB, dev, &dmem));
    CHECK(((uintptr_t) dmem & (TWO_MIB - 1)) == 0, "device memory 2 MiB aligned (%p)", dmem);
    ZE_OK(zeMemAllocHost(ctx, &hdesc, 4096, 64, &hmem));
    ze_memory_allocation_properties_t ap = { .stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES };
    ze_device_handle_t apdev = NULL;
    ZE_OK(zeMemGetAllocProperties(ctx, (char *) dmem + 100, &ap, &apdev));
    CHECK(ap.type == ZE_MEMORY_TYPE_DEVICE, "alloc properties: device memory");

    ze_command_queue_desc_t qdesc = { .stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, .ordinal = 1,
        .mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS };
    ze_command_list_handle_t list;
    ZE_OK(zeCommandListCreateImmediate(ctx, dev, &qdesc, &list));

    /* host -> device -> host */
    char *h = hmem;
    for (int i = 0; i < 4096; i++)
        h[i] = (char) (i * 7);
    ZE_OK(zeCommandListAppendMemoryCopy(list, (char *) dmem + 4096, hmem, 4096, NULL, 0, NULL));
    memset(hmem, 0, 4096);
    ZE_OK(zeCommandListAppendMemoryCopy(list, hmem, (char *) dmem + 4096, 4096, NULL, 0, NULL));
    int same = 1;
    for (int i = 0; i < 4096; i++)
        same &= h[i] == (char) (i * 7);
    CHECK(same, "copy host -> device -> host round trip");

    /* module + kernel: three atomic adds into a device word */
    size_t spv_size = 0;
    void *spv = read_file(argv[1], &spv_size);
    CHECK(spv != NULL, "read %s (%zu bytes)", argv[1], spv_size);
    ze_module_desc_t mdesc = { .stype = ZE_STRUCTURE_TYPE_MODULE_DESC, .format = ZE_MODULE_FORMAT_IL_SPIRV,
        .inputSize = spv_size, .pInputModule = spv };
    ze_module_handle_t mod;
    ze_module_build_log_handle_t log;
    ZE_OK(zeModuleCreate(ctx, dev, &mdesc, &mod, &log));
    size_t logsize = 0;
    ZE_OK(zeModuleBuildLogGetString(log, &logsize, NULL));
    char logbuf[16] = "x";
    ZE_OK(zeModuleBuildLogGetString(log, &logsize, logbuf));
    CHECK(logsize == 1 && logbuf[0] == '\0', "empty build log");
    ZE_OK(zeModuleBuildLogDestroy(log));
    ze_kernel_desc_t kdesc = { .stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "ishmem_atomic_add_u64" };
    ze_kernel_handle_t kernel;
    ZE_OK(zeKernelCreate(mod, &kdesc, &kernel));
    ZE_OK(zeKernelSetGroupSize(kernel, 1, 1, 1));
    uint64_t *word = (uint64_t *) dmem;
    *word = 10;
    uint64_t add = 5;
    ZE_OK(zeKernelSetArgumentValue(kernel, 0, sizeof word, &word));
    ZE_OK(zeKernelSetArgumentValue(kernel, 1, sizeof add, &add));
    ze_group_count_t one = { 1, 1, 1 };
    for (int i = 0; i < 3; i++)
        ZE_OK(zeCommandListAppendLaunchKernel(list, kernel, &one, NULL, 0, NULL));
    uint64_t readback = 0;
    ZE_OK(zeCommandListAppendMemoryCopy(list, hmem, word, sizeof readback, NULL, 0, NULL));
    memcpy(&readback, hmem, sizeof readback);
    CHECK(readback == 25, "three adds of 5 to 10 read back %llu", (unsigned long long) readback);
    ZE_IS(zeKernelSetArgumentValue(kernel, 2, 8, &add), ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX);
    ZE_IS(zeKernelSetArgumentValue(kernel, 1, 4, &add), ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE);

    /* events + barrier */
    ze_event_pool_desc_t pdesc = { .stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC,
        .flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE, .count = 2 };
    ze_event_pool_handle_t pool;
    ZE_OK(zeEventPoolCreate(ctx, &pdesc, 1, &dev, &pool));
    ze_event_desc_t edesc = { .stype = ZE_STRUCTURE_TYPE_EVENT_DESC, .index = 0,
        .signal = ZE_EVENT_SCOPE_FLAG_HOST, .wait = ZE_EVENT_SCOPE_FLAG_HOST };
    ze_event_handle_t ev, ev2;
    ZE_OK(zeEventCreate(pool, &edesc, &ev));
    edesc.index = 1;
    ZE_OK(zeEventCreate(pool, &edesc, &ev2));
    ZE_IS(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    ZE_IS(zeEventHostSynchronize(ev, 0), ZE_RESULT_NOT_READY);
    ZE_IS(zeCommandListAppendBarrier(list, NULL, 1, &ev), ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT);
    ZE_OK(zeCommandListAppendMemoryCopy(list, hmem, dmem, 64, ev, 0, NULL));
    ZE_OK(zeEventHostSynchronize(ev, UINT64_MAX));
    ZE_OK(zeCommandListAppendBarrier(list, ev2, 1, &ev));
    ZE_OK(zeEventHostSynchronize(ev2, UINT64_MAX));
    ZE_OK(zeEventHostReset(ev));
    ZE_IS(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    ZE_OK(zeCommandListAppendSignalEvent(list, ev));
    ZE_OK(zeEventQueryStatus(ev));

    /* IPC: the child maps the parent's device memory through a dup of the handle's fd */
    ze_ipc_mem_handle_t ipc;
    ZE_OK(zeMemGetIpcHandle(ctx, dmem, &ipc));
    uint32_t magic;
    memcpy(&magic, ipc.data + 4, 4);
    CHECK(magic == 0x49504331u, "IPC handle magic");
    pid_t pid = fork();
    if (pid == 0) {
        ze_ipc_mem_handle_t mine = ipc;
        int fd;
        memcpy(&fd, mine.data, 4);
        int copy = dup(fd);
        memcpy(mine.data, &copy, 4);
        void *peer = NULL;
        ze_result_t r = zeMemOpenIpcHandle(ctx, dev, mine, 0, &peer);
        close(copy);
        if (r != ZE_RESULT_SUCCESS || peer == NULL)
            _exit(2);
        ((volatile uint64_t *) peer)[8] = 0x1234567890abcdefULL;
        if (zeMemCloseIpcHandle(ctx, peer) != ZE_RESULT_SUCCESS)
            _exit(3);
        _exit(0);
    }
    CHECK(pid > 0, "fork");
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child opened the IPC handle and wrote (status %d)",
          status);
    CHECK(((volatile uint64_t *) dmem)[8] == 0x1234567890abcdefULL, "parent sees the child's write");
    ze_ipc_mem_handle_t bad = ipc;
    memset(bad.data + 4, 0, 4);
    void *badptr = NULL;
    ZE_IS(zeMemOpenIpcHandle(ctx, dev, bad, 0, &badptr), ZE_RESULT_ERROR_INVALID_ARGUMENT);

    /* error cases */
    ZE_IS(zeCommandListAppendMemoryCopy(list, (char *) dmem + TWO_MIB - 8, hmem, 64, NULL, 0, NULL),
          ZE_RESULT_ERROR_INVALID_ARGUMENT);
    char stack[64];
    ZE_IS(zeCommandListAppendMemoryCopy(list, stack, hmem, sizeof stack, NULL, 0, NULL),
          ZE_RESULT_ERROR_INVALID_ARGUMENT);
    ze_kernel_desc_t baddesc = { .stype = ZE_STRUCTURE_TYPE_KERNEL_DESC, .pKernelName = "no_such_kernel" };
    ze_kernel_handle_t badkernel;
    ZE_IS(zeKernelCreate(mod, &baddesc, &badkernel), ZE_RESULT_ERROR_INVALID_KERNEL_NAME);
    uint32_t junk[8] = { 0x12345678 };
    ze_module_desc_t baddmod = { .stype = ZE_STRUCTURE_TYPE_MODULE_DESC, .format = ZE_MODULE_FORMAT_IL_SPIRV,
        .inputSize = sizeof junk, .pInputModule = (const uint8_t *) junk };
    ze_module_handle_t badmod;
    ze_result_t r = zeModuleCreate(ctx, dev, &baddmod, &badmod, NULL);
    CHECK(r == ZE_RESULT_ERROR_INVALID_NATIVE_BINARY || r == ZE_RESULT_ERROR_MODULE_BUILD_FAILURE,
          "module from junk refused (0x%x)", (unsigned) r);
    void *more[4] = { NULL };
    ZE_OK(zeMemAllocDevice(ctx, &ddesc, 2 * TWO_MIB, TWO_MIB, dev, &more[0]));
    ZE_IS(zeMemAllocDevice(ctx, &ddesc, 2 * TWO_MIB, TWO_MIB, dev, &more[1]), ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY);
    ZE_OK(zeMemFree(ctx, more[0]));
    ZE_OK(zeMemAllocDevice(ctx, &ddesc, 2 * TWO_MIB, TWO_MIB, dev, &more[1]));
    ZE_OK(zeMemFree(ctx, more[1]));
    /* freed memory is no longer usable */
    void *gone = NULL;
    ZE_OK(zeMemAllocDevice(ctx, &ddesc, TWO_MIB, TWO_MIB, dev, &gone));
    ZE_OK(zeMemFree(ctx, gone));
    ZE_IS(zeCommandListAppendMemoryCopy(list, hmem, gone, 8, NULL, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    ZE_IS(zeMemFree(ctx, gone), ZE_RESULT_ERROR_INVALID_ARGUMENT);

    /* teardown */
    ZE_OK(zeEventDestroy(ev2));
    ZE_OK(zeEventDestroy(ev));
    ZE_OK(zeEventPoolDestroy(pool));
    ZE_OK(zeKernelDestroy(kernel));
    ZE_OK(zeModuleDestroy(mod));
    ZE_OK(zeCommandListDestroy(list));
    ZE_OK(zeMemFree(ctx, hmem));
    ZE_OK(zeMemFree(ctx, dmem));
    ZE_OK(zeContextDestroy(ctx));
    free(spv);
    printf("ALL OK (%d checks)\n", g_checks);
    return 0;
}

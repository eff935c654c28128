/* Device memory (memfd-backed, so it can be shared through IPC handles), host memory, IPC mappings. */
#include "driver.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define TWO_MIB ((size_t) 2 << 20)

static struct range *g_ranges;
static uint64_t g_device_bytes;   /* live device bytes */
static uint64_t g_next_id = 1;

/* the range holding [p, p + size), or NULL */
struct range *range_find(const void *p, size_t size)
{
    const char *c = p;
    if (c == NULL)
        return NULL;
    for (struct range *r = g_ranges; r != NULL; r = r->next) {
        if (c >= r->base && c < r->base + r->size)
            return size <= (size_t) (r->base + r->size - c) ? r : NULL;
    }
    return NULL;
}

/* the range whose base is p, or NULL */
struct range *range_base(const void *p)
{
    for (struct range *r = g_ranges; r != NULL; r = r->next)
        if (r->base == p)
            return r;
    return NULL;
}

static void range_unlink(struct range *r)
{
    for (struct range **pp = &g_ranges; *pp != NULL; pp = &(*pp)->next) {
        if (*pp == r) {
            *pp = r->next;
            return;
        }
    }
}

static struct range *range_add(enum range_kind kind, void *base, size_t size, int fd, uint32_t device)
{
    struct range *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    r->kind = kind;
    r->base = base;
    r->size = size;
    r->fd = fd;
    r->device = device;
    r->id = g_next_id++;
    r->next = g_ranges;
    g_ranges = r;
    return r;
}

/* ISHMEM_TEST_ZE_DEVICE_MEMORY: bytes, with an optional K/M/G suffix; read at every allocation */
static uint64_t device_memory_limit(void)
{
    uint64_t dflt = UINT64_C(64) << 30;
    const char *s = getenv("ISHMEM_TEST_ZE_DEVICE_MEMORY");
    if (s == NULL || *s == '\0')
        return dflt;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || end == s)
        return dflt;
    switch (*end) {
    case 'k': case 'K': v <<= 10; end++; break;
    case 'm': case 'M': v <<= 20; end++; break;
    case 'g': case 'G': v <<= 30; end++; break;
    default: break;
    }
    return *end == '\0' ? v : dflt;
}

/* maps fd (length size) MAP_SHARED at an address aligned to alignment; MAP_FAILED on failure */
static void *map_aligned(int fd, size_t size, size_t alignment)
{
    size_t page = (size_t) sysconf(_SC_PAGESIZE);
    if (alignment < page)
        alignment = page;
    size_t reserve = size + alignment;
    char *raw = mmap(NULL, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw == MAP_FAILED)
        return MAP_FAILED;
    char *aligned = (char *) (((uintptr_t) raw + alignment - 1) & ~(uintptr_t) (alignment - 1));
    void *m = mmap(aligned, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0);
    if (m == MAP_FAILED) {
        munmap(raw, reserve);
        return MAP_FAILED;
    }
    size_t mapped = (size + page - 1) & ~(page - 1);
    if (aligned > raw)
        munmap(raw, (size_t) (aligned - raw));
    if (raw + reserve > aligned + mapped)
        munmap(aligned + mapped, (size_t) (raw + reserve - (aligned + mapped)));
    return aligned;
}

static int pow2(size_t a)
{
    return a == 0 || (a & (a - 1)) == 0;
}

ze_result_t drv_MemAllocDevice(ze_context_handle_t ctx, const ze_device_mem_alloc_desc_t *desc, size_t size,
        size_t alignment, ze_device_handle_t dev, void **pptr)
{
    if (desc == NULL || pptr == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(desc, ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC);
    if (size == 0)
        return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
    if (!pow2(alignment))
        return ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
    ze_result_t rc = ZE_RESULT_SUCCESS;
    int fd = -1;
    LOCK();
    if (!obj_live(ctx, CONTEXT_MAGIC) || !device_valid(dev)) {
        rc = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
        goto out;
    }
    uint64_t limit = device_memory_limit();
    if (size > limit || g_device_bytes > limit - size) {
        rc = ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
        goto out;
    }
    fd = memfd_create("ze-test-device", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t) size) != 0) {
        rc = ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
        goto out;
    }
    void *p = map_aligned(fd, size, alignment);
    if (p == MAP_FAILED) {
        rc = ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
        goto out;
    }
    if (range_add(RANGE_DEVICE, p, size, fd, dev->index) == NULL) {
        munmap(p, size);
        rc = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        goto out;
    }
    g_device_bytes += size;
    fd = -1;
    *pptr = p;
out:
    if (fd >= 0)
        close(fd);
    UNLOCK();
    return rc;
}

ze_result_t drv_MemAllocHost(ze_context_handle_t ctx, const ze_host_mem_alloc_desc_t *desc, size_t size,
        size_t alignment, void **pptr)
{
    if (desc == NULL || pptr == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(desc, ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC);
    if (size == 0)
        return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
    if (!pow2(alignment))
        return ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
    if (alignment < 64)
        alignment = 64;
    ze_result_t rc = ZE_RESULT_SUCCESS;
    LOCK();
    if (!obj_live(ctx, CONTEXT_MAGIC)) {
        rc = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
        goto out;
    }
    void *p;
    if (posix_memalign(&p, alignment, size) != 0) {
        rc = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        goto out;
    }
    if (range_add(RANGE_HOST, p, size, -1, 0) == NULL) {
        free(p);
        rc = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        goto out;
    }
    *pptr = p;
out:
    UNLOCK();
    return rc;
}

ze_result_t drv_MemFree(ze_context_handle_t ctx, void *ptr)
{
    if (ptr == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    ze_result_t rc = ZE_RESULT_SUCCESS;
    LOCK();
    if (!obj_live(ctx, CONTEXT_MAGIC)) {
        rc = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
        goto out;
    }
    struct range *r = range_base(ptr);
    if (r == NULL || r->kind == RANGE_IPC) {   /* IPC mappings are released with zeMemCloseIpcHandle */
        rc = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        goto out;
    }
    range_unlink(r);
    if (r->kind == RANGE_DEVICE) {
        munmap(r->base, r->size);
        close(r->fd);
        g_device_bytes -= r->size;
    } else {
        free(r->base);
    }
    free(r);
out:
    UNLOCK();
    return rc;
}

ze_result_t drv_MemGetAllocProperties(ze_context_handle_t ctx, const void *ptr,
        ze_memory_allocation_properties_t *p, ze_device_handle_t *phDevice)
{
    if (p == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(p, ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES);
    LOCK();
    if (!obj_live(ctx, CONTEXT_MAGIC)) {
        UNLOCK();
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    struct range *r = range_find(ptr, 1);
    if (r == NULL) {
        p->type = ZE_MEMORY_TYPE_UNKNOWN;
        p->id = 0;
        p->pageSize = 0;
        if (phDevice != NULL)
            *phDevice = NULL;
    } else {
        p->type = r->kind == RANGE_HOST ? ZE_MEMORY_TYPE_HOST : ZE_MEMORY_TYPE_DEVICE;
        p->id = r->id;
        p->pageSize = r->kind == RANGE_HOST ? (uint64_t) sysconf(_SC_PAGESIZE) : TWO_MIB;
        if (phDevice != NULL)
            *phDevice = r->kind == RANGE_HOST ? NULL : &g_devices[r->device];
    }
    UNLOCK();
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_MemGetIpcHandle(ze_context_handle_t ctx, const void *ptr, ze_ipc_mem_handle_t *h)
{
    if (ptr == NULL || h == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    ze_result_t rc = ZE_RESULT_SUCCESS;
    LOCK();
    if (!obj_live(ctx, CONTEXT_MAGIC)) {
        rc = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
        goto out;
    }
    struct range *r = range_base(ptr);
    if (r == NULL || r->kind != RANGE_DEVICE) {
        rc = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        goto out;
    }
    memset(h->data, 0, sizeof h->data);
    int32_t fd = r->fd;
    uint32_t magic = IPC_MAGIC;
    uint64_t size = r->size;
    memcpy(h->data, &fd, 4);
    memcpy(h->data + 4, &magic, 4);
    memcpy(h->data + 8, &size, 8);
out:
    UNLOCK();
    return rc;
}

ze_result_t drv_MemOpenIpcHandle(ze_context_handle_t ctx, ze_device_handle_t dev, ze_ipc_mem_handle_t h,
        ze_ipc_memory_flags_t flags, void **pptr)
{
    (void) flags;
    if (pptr == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    /* lets a test stand for a machine whose PEs cannot share device memory */
    const char *refuse = getenv("ISHMEM_TEST_ZE_REFUSE_IPC_OPEN");
    if (refuse != NULL && strcmp(refuse, "1") == 0)
        return ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS;
    int32_t fd;
    uint32_t magic;
    uint64_t size;
    memcpy(&fd, h.data, 4);
    memcpy(&magic, h.data + 4, 4);
    memcpy(&size, h.data + 8, 8);
    ze_result_t rc = ZE_RESULT_SUCCESS;
    LOCK();
    if (!obj_live(ctx, CONTEXT_MAGIC) || !device_valid(dev)) {
        rc = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
        goto out;
    }
    struct stat st;
    if (magic != IPC_MAGIC || size == 0 || fd < 0 || fstat(fd, &st) != 0 || (uint64_t) st.st_size < size) {
        rc = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        goto out;
    }
    /* the caller owns fd and closes it after this call; the mapping keeps the memory alive */
    void *p = map_aligned(fd, (size_t) size, TWO_MIB);
    if (p == MAP_FAILED) {
        rc = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        goto out;
    }
    if (range_add(RANGE_IPC, p, (size_t) size, -1, dev->index) == NULL) {
        munmap(p, (size_t) size);
        rc = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        goto out;
    }
    *pptr = p;
out:
    UNLOCK();
    return rc;
}

ze_result_t drv_MemCloseIpcHandle(ze_context_handle_t ctx, const void *ptr)
{
    if (ptr == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    ze_result_t rc = ZE_RESULT_SUCCESS;
    LOCK();
    if (!obj_live(ctx, CONTEXT_MAGIC)) {
        rc = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
        goto out;
    }
    struct range *r = range_base(ptr);
    if (r == NULL || r->kind != RANGE_IPC) {
        rc = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        goto out;
    }
    range_unlink(r);
    munmap(r->base, r->size);
    free(r);
out:
    UNLOCK();
    return rc;
}

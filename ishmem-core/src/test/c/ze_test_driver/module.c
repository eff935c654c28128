/* Modules (SPIR-V that declares ishmem_atomic_add_u64), build logs, and that one kernel, run on the CPU. */
#include "driver.h"

#include <stdlib.h>
#include <string.h>

#define SPIRV_MAGIC 0x07230203u

ze_result_t drv_ModuleCreate(ze_context_handle_t ctx, ze_device_handle_t dev, const ze_module_desc_t *desc,
        ze_module_handle_t *phModule, ze_module_build_log_handle_t *phLog)
{
    if (desc == NULL || phModule == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(desc, ZE_STRUCTURE_TYPE_MODULE_DESC);
    if (desc->inputSize > 0 && desc->pInputModule == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    LOCK();
    int ok = obj_live(ctx, CONTEXT_MAGIC) && device_valid(dev);
    UNLOCK();
    if (!ok)
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (desc->format != ZE_MODULE_FORMAT_IL_SPIRV)
        return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
    uint32_t magic = 0;
    if (desc->inputSize < 20 || desc->inputSize % 4 != 0)
        return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
    memcpy(&magic, desc->pInputModule, 4);
    if (magic != SPIRV_MAGIC)
        return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
    if (memmem(desc->pInputModule, desc->inputSize, KERNEL_NAME, strlen(KERNEL_NAME)) == NULL)
        return ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;

    ze_module_handle_t m = calloc(1, sizeof *m);
    ze_module_build_log_handle_t log = phLog != NULL ? calloc(1, sizeof *log) : NULL;
    if (m == NULL || (phLog != NULL && log == NULL)) {
        free(m);
        free(log);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    LOCK();
    obj_add(&m->hdr, MODULE_MAGIC);
    if (log != NULL)
        obj_add(&log->hdr, LOG_MAGIC);
    UNLOCK();
    *phModule = m;
    if (phLog != NULL)
        *phLog = log;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_ModuleDestroy(ze_module_handle_t h)
{
    LOCK();
    if (!obj_live(h, MODULE_MAGIC)) {
        UNLOCK();
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    obj_remove(&h->hdr);
    UNLOCK();
    free(h);
    return ZE_RESULT_SUCCESS;
}

/* the log is always empty */
ze_result_t drv_ModuleBuildLogGetString(ze_module_build_log_handle_t h, size_t *pSize, char *buf)
{
    if (pSize == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    LOCK();
    int ok = obj_live(h, LOG_MAGIC);
    UNLOCK();
    if (!ok)
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (buf == NULL || *pSize == 0) {
        *pSize = 1;
        return ZE_RESULT_SUCCESS;
    }
    buf[0] = '\0';
    *pSize = 1;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_ModuleBuildLogDestroy(ze_module_build_log_handle_t h)
{
    LOCK();
    if (!obj_live(h, LOG_MAGIC)) {
        UNLOCK();
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    obj_remove(&h->hdr);
    UNLOCK();
    free(h);
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_KernelCreate(ze_module_handle_t m, const ze_kernel_desc_t *desc, ze_kernel_handle_t *phKernel)
{
    if (desc == NULL || desc->pKernelName == NULL || phKernel == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(desc, ZE_STRUCTURE_TYPE_KERNEL_DESC);
    LOCK();
    int ok = obj_live(m, MODULE_MAGIC);
    UNLOCK();
    if (!ok)
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (strcmp(desc->pKernelName, KERNEL_NAME) != 0)
        return ZE_RESULT_ERROR_INVALID_KERNEL_NAME;
    ze_kernel_handle_t k = calloc(1, sizeof *k);
    if (k == NULL)
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    k->module = m;
    k->group[0] = k->group[1] = k->group[2] = 1;
    LOCK();
    obj_add(&k->hdr, KERNEL_MAGIC);
    UNLOCK();
    *phKernel = k;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_KernelDestroy(ze_kernel_handle_t h)
{
    LOCK();
    if (!obj_live(h, KERNEL_MAGIC)) {
        UNLOCK();
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    obj_remove(&h->hdr);
    UNLOCK();
    free(h);
    return ZE_RESULT_SUCCESS;
}

/* argument 0: global ulong* word (pArgValue points to the pointer); argument 1: ulong value */
ze_result_t drv_KernelSetArgumentValue(ze_kernel_handle_t h, uint32_t index, size_t size, const void *value)
{
    ze_result_t rc = ZE_RESULT_SUCCESS;
    LOCK();
    if (!obj_live(h, KERNEL_MAGIC))
        rc = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    else if (index > 1)
        rc = ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX;
    else if (size != 8)
        rc = ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
    else if (index == 0) {
        uint64_t *p = NULL;    /* a null pArgValue sets a null pointer argument */
        if (value != NULL)
            memcpy(&p, value, sizeof p);
        h->word = p;
        h->args_set |= 1u;
    } else if (value == NULL) {
        rc = ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    } else {
        memcpy(&h->value, value, 8);
        h->args_set |= 2u;
    }
    UNLOCK();
    return rc;
}

ze_result_t drv_KernelSetGroupSize(ze_kernel_handle_t h, uint32_t x, uint32_t y, uint32_t z)
{
    if (x == 0 || y == 0 || z == 0)
        return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
    LOCK();
    ze_result_t rc = ZE_RESULT_SUCCESS;
    if (!obj_live(h, KERNEL_MAGIC)) {
        rc = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    } else {
        h->group[0] = x;
        h->group[1] = y;
        h->group[2] = z;
    }
    UNLOCK();
    return rc;
}

/* one work-item's worth of ishmem_atomic_add_u64; caller holds g_lock */
ze_result_t kernel_run(ze_kernel_handle_t k, const ze_group_count_t *groups)
{
    if (!obj_live(k, KERNEL_MAGIC))
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    if (groups->groupCountX != 1 || groups->groupCountY != 1 || groups->groupCountZ != 1)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if (k->args_set != 3u)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if (((uintptr_t) k->word & 7u) != 0 || range_find(k->word, sizeof(uint64_t)) == NULL)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    __atomic_fetch_add(k->word, k->value, __ATOMIC_SEQ_CST);
    return ZE_RESULT_SUCCESS;
}

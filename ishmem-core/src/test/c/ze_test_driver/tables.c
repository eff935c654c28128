/*
 * The exported DDI table getters. The loader (1.8.12) fails zeInit unless a driver exports every
 * ze/zet/zes Get...ProcAddrTable declared in ze_ddi.h, zet_ddi.h and zes_ddi.h; the tables we do not
 * implement are returned empty (all entries NULL), which the loader accepts.
 */
#include "driver.h"

#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>
#include <string.h>

/* common prologue: a version older than 1.0 is refused; the table is cleared */
#define TABLE_PROLOGUE(version, table)                                                             \
    do {                                                                                           \
        if ((table) == NULL)                                                                       \
            return ZE_RESULT_ERROR_INVALID_NULL_POINTER;                                           \
        if (ZE_MAJOR_VERSION(version) < 1)                                                         \
            return ZE_RESULT_ERROR_UNSUPPORTED_VERSION;                                            \
        memset((table), 0, sizeof *(table));                                                       \
    } while (0)

#define EMPTY_TABLE(fn, type)                                                                      \
    EXPORT ze_result_t ZE_APICALL fn(ze_api_version_t version, type *pDdiTable)                    \
    {                                                                                              \
        TABLE_PROLOGUE(version, pDdiTable);                                                        \
        return ZE_RESULT_SUCCESS;                                                                  \
    }

EXPORT ze_result_t ZE_APICALL zeGetGlobalProcAddrTable(ze_api_version_t version, ze_global_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnInit = drv_Init;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetDriverProcAddrTable(ze_api_version_t version, ze_driver_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnGet = drv_DriverGet;
    t->pfnGetApiVersion = drv_DriverGetApiVersion;
    t->pfnGetProperties = drv_DriverGetProperties;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetDeviceProcAddrTable(ze_api_version_t version, ze_device_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnGet = drv_DeviceGet;
    t->pfnGetProperties = drv_DeviceGetProperties;
    t->pfnGetCommandQueueGroupProperties = drv_DeviceGetCommandQueueGroupProperties;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetContextProcAddrTable(ze_api_version_t version, ze_context_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnCreate = drv_ContextCreate;
    t->pfnDestroy = drv_ContextDestroy;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetMemProcAddrTable(ze_api_version_t version, ze_mem_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnAllocDevice = drv_MemAllocDevice;
    t->pfnAllocHost = drv_MemAllocHost;
    t->pfnFree = drv_MemFree;
    t->pfnGetAllocProperties = drv_MemGetAllocProperties;
    t->pfnGetIpcHandle = drv_MemGetIpcHandle;
    t->pfnOpenIpcHandle = drv_MemOpenIpcHandle;
    t->pfnCloseIpcHandle = drv_MemCloseIpcHandle;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetCommandListProcAddrTable(ze_api_version_t version, ze_command_list_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnCreateImmediate = drv_CommandListCreateImmediate;
    t->pfnDestroy = drv_CommandListDestroy;
    t->pfnAppendMemoryCopy = drv_CommandListAppendMemoryCopy;
    t->pfnAppendBarrier = drv_CommandListAppendBarrier;
    t->pfnAppendLaunchKernel = drv_CommandListAppendLaunchKernel;
    t->pfnAppendSignalEvent = drv_CommandListAppendSignalEvent;
    t->pfnAppendWaitOnEvents = drv_CommandListAppendWaitOnEvents;
    t->pfnAppendEventReset = drv_CommandListAppendEventReset;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetEventPoolProcAddrTable(ze_api_version_t version, ze_event_pool_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnCreate = drv_EventPoolCreate;
    t->pfnDestroy = drv_EventPoolDestroy;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetEventProcAddrTable(ze_api_version_t version, ze_event_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnCreate = drv_EventCreate;
    t->pfnDestroy = drv_EventDestroy;
    t->pfnHostSignal = drv_EventHostSignal;
    t->pfnHostSynchronize = drv_EventHostSynchronize;
    t->pfnQueryStatus = drv_EventQueryStatus;
    t->pfnHostReset = drv_EventHostReset;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetModuleProcAddrTable(ze_api_version_t version, ze_module_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnCreate = drv_ModuleCreate;
    t->pfnDestroy = drv_ModuleDestroy;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetModuleBuildLogProcAddrTable(ze_api_version_t version,
        ze_module_build_log_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnDestroy = drv_ModuleBuildLogDestroy;
    t->pfnGetString = drv_ModuleBuildLogGetString;
    return ZE_RESULT_SUCCESS;
}

EXPORT ze_result_t ZE_APICALL zeGetKernelProcAddrTable(ze_api_version_t version, ze_kernel_dditable_t *t)
{
    TABLE_PROLOGUE(version, t);
    t->pfnCreate = drv_KernelCreate;
    t->pfnDestroy = drv_KernelDestroy;
    t->pfnSetArgumentValue = drv_KernelSetArgumentValue;
    t->pfnSetGroupSize = drv_KernelSetGroupSize;
    return ZE_RESULT_SUCCESS;
}

/* ze tables left empty */
EMPTY_TABLE(zeGetDeviceExpProcAddrTable, ze_device_exp_dditable_t)
EMPTY_TABLE(zeGetCommandQueueProcAddrTable, ze_command_queue_dditable_t)
EMPTY_TABLE(zeGetImageProcAddrTable, ze_image_dditable_t)
EMPTY_TABLE(zeGetImageExpProcAddrTable, ze_image_exp_dditable_t)
EMPTY_TABLE(zeGetFenceProcAddrTable, ze_fence_dditable_t)
EMPTY_TABLE(zeGetEventExpProcAddrTable, ze_event_exp_dditable_t)
EMPTY_TABLE(zeGetKernelExpProcAddrTable, ze_kernel_exp_dditable_t)
EMPTY_TABLE(zeGetSamplerProcAddrTable, ze_sampler_dditable_t)
EMPTY_TABLE(zeGetPhysicalMemProcAddrTable, ze_physical_mem_dditable_t)
EMPTY_TABLE(zeGetVirtualMemProcAddrTable, ze_virtual_mem_dditable_t)
EMPTY_TABLE(zeGetFabricVertexExpProcAddrTable, ze_fabric_vertex_exp_dditable_t)
EMPTY_TABLE(zeGetFabricEdgeExpProcAddrTable, ze_fabric_edge_exp_dditable_t)

/* zet (tools) tables: all empty */
EMPTY_TABLE(zetGetDeviceProcAddrTable, zet_device_dditable_t)
EMPTY_TABLE(zetGetContextProcAddrTable, zet_context_dditable_t)
EMPTY_TABLE(zetGetCommandListProcAddrTable, zet_command_list_dditable_t)
EMPTY_TABLE(zetGetModuleProcAddrTable, zet_module_dditable_t)
EMPTY_TABLE(zetGetKernelProcAddrTable, zet_kernel_dditable_t)
EMPTY_TABLE(zetGetMetricGroupProcAddrTable, zet_metric_group_dditable_t)
EMPTY_TABLE(zetGetMetricGroupExpProcAddrTable, zet_metric_group_exp_dditable_t)
EMPTY_TABLE(zetGetMetricProcAddrTable, zet_metric_dditable_t)
EMPTY_TABLE(zetGetMetricStreamerProcAddrTable, zet_metric_streamer_dditable_t)
EMPTY_TABLE(zetGetMetricQueryPoolProcAddrTable, zet_metric_query_pool_dditable_t)
EMPTY_TABLE(zetGetMetricQueryProcAddrTable, zet_metric_query_dditable_t)
EMPTY_TABLE(zetGetTracerExpProcAddrTable, zet_tracer_exp_dditable_t)
EMPTY_TABLE(zetGetDebugProcAddrTable, zet_debug_dditable_t)

/* zes (sysman) tables: all empty */
EMPTY_TABLE(zesGetDriverProcAddrTable, zes_driver_dditable_t)
EMPTY_TABLE(zesGetDeviceProcAddrTable, zes_device_dditable_t)
EMPTY_TABLE(zesGetSchedulerProcAddrTable, zes_scheduler_dditable_t)
EMPTY_TABLE(zesGetPerformanceFactorProcAddrTable, zes_performance_factor_dditable_t)
EMPTY_TABLE(zesGetPowerProcAddrTable, zes_power_dditable_t)
EMPTY_TABLE(zesGetFrequencyProcAddrTable, zes_frequency_dditable_t)
EMPTY_TABLE(zesGetEngineProcAddrTable, zes_engine_dditable_t)
EMPTY_TABLE(zesGetStandbyProcAddrTable, zes_standby_dditable_t)
EMPTY_TABLE(zesGetFirmwareProcAddrTable, zes_firmware_dditable_t)
EMPTY_TABLE(zesGetMemoryProcAddrTable, zes_memory_dditable_t)
EMPTY_TABLE(zesGetFabricPortProcAddrTable, zes_fabric_port_dditable_t)
EMPTY_TABLE(zesGetTemperatureProcAddrTable, zes_temperature_dditable_t)
EMPTY_TABLE(zesGetPsuProcAddrTable, zes_psu_dditable_t)
EMPTY_TABLE(zesGetFanProcAddrTable, zes_fan_dditable_t)
EMPTY_TABLE(zesGetLedProcAddrTable, zes_led_dditable_t)
EMPTY_TABLE(zesGetRasProcAddrTable, zes_ras_dditable_t)
EMPTY_TABLE(zesGetDiagnosticsProcAddrTable, zes_diagnostics_dditable_t)

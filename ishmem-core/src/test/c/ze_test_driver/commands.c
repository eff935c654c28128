/* Immediate command lists (every command runs at once, in order), event pools and events.
 *
 * With ISHMEM_TEST_ZE_DEFER_COPIES=1 a list holds its plain copies back, in order, until something on that list
 * signals an event (a barrier or copy with a signal event, a kernel launch, an explicit signal) or the list is
 * destroyed: a legal schedule for an asynchronous device, which makes visible what a list has not completed.
 * A quiet of one list then leaves another list's copies undelivered, as a real GPU may. */
#include "driver.h"

#include <stdlib.h>
#include <string.h>

static int defer_copies(void)
{
    static int defer = -1;
    if (defer < 0) {
        const char *s = getenv("ISHMEM_TEST_ZE_DEFER_COPIES");
        defer = s != NULL && strcmp(s, "1") == 0;
    }
    return defer;
}

/* runs the list's held-back copies in order; a range freed meanwhile is skipped, as a lost write. Holds g_lock. */
static void run_deferred(ze_command_list_handle_t l)
{
    struct deferred_copy *c = l->head;
    l->head = l->tail = NULL;
    while (c != NULL) {
        struct deferred_copy *next = c->next;
        if (range_find(c->dst, c->size) != NULL && range_find(c->src, c->size) != NULL)
            memmove(c->dst, c->src, c->size);
        free(c);
        c = next;
    }
}

/* everything is synchronous: an event waited on must already be signalled */
ze_result_t check_wait(uint32_t n, ze_event_handle_t *events)
{
    if (n > 0 && events == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    for (uint32_t i = 0; i < n; i++) {
        if (!obj_live(events[i], EVENT_MAGIC))
            return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
        if (!events[i]->signalled)
            return ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT;
    }
    return ZE_RESULT_SUCCESS;
}

ze_result_t check_signal(ze_event_handle_t ev)
{
    return ev == NULL || obj_live(ev, EVENT_MAGIC) ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
}

void do_signal(ze_event_handle_t ev)
{
    if (ev != NULL)
        ev->signalled = 1;
}

/* the common prologue of an append: the list, the signal event and the wait events are valid */
static ze_result_t append_check(ze_command_list_handle_t h, ze_event_handle_t sig, uint32_t nwait,
        ze_event_handle_t *waits)
{
    if (!obj_live(h, CMDLIST_MAGIC))
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    ze_result_t rc = check_signal(sig);
    if (rc != ZE_RESULT_SUCCESS)
        return rc;
    return check_wait(nwait, waits);
}

ze_result_t drv_CommandListCreateImmediate(ze_context_handle_t ctx, ze_device_handle_t dev,
        const ze_command_queue_desc_t *desc, ze_command_list_handle_t *phList)
{
    if (desc == NULL || phList == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(desc, ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC);
    if (desc->ordinal >= 2 || desc->index >= 1)
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    ze_command_list_handle_t l = calloc(1, sizeof *l);
    if (l == NULL)
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    LOCK();
    if (!obj_live(ctx, CONTEXT_MAGIC) || !device_valid(dev)) {
        UNLOCK();
        free(l);
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    l->ctx = ctx;
    l->ordinal = desc->ordinal;
    obj_add(&l->hdr, CMDLIST_MAGIC);
    UNLOCK();
    *phList = l;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_CommandListDestroy(ze_command_list_handle_t h)
{
    LOCK();
    if (!obj_live(h, CMDLIST_MAGIC)) {
        UNLOCK();
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    run_deferred(h);
    obj_remove(&h->hdr);
    UNLOCK();
    free(h);
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_CommandListAppendMemoryCopy(ze_command_list_handle_t h, void *dst, const void *src, size_t size,
        ze_event_handle_t sig, uint32_t nwait, ze_event_handle_t *waits)
{
    if (dst == NULL || src == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    LOCK();
    ze_result_t rc = append_check(h, sig, nwait, waits);
    if (rc == ZE_RESULT_SUCCESS && (range_find(dst, size) == NULL || range_find(src, size) == NULL))
        rc = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if (rc == ZE_RESULT_SUCCESS && defer_copies() && sig == NULL) {
        struct deferred_copy *c = malloc(sizeof *c);
        if (c == NULL) {
            rc = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        } else {
            c->dst = dst;
            c->src = src;
            c->size = size;
            c->next = NULL;
            if (h->tail != NULL)
                h->tail->next = c;
            else
                h->head = c;
            h->tail = c;
        }
    } else if (rc == ZE_RESULT_SUCCESS) {
        run_deferred(h);
        memmove(dst, src, size);
        do_signal(sig);
    }
    UNLOCK();
    return rc;
}

ze_result_t drv_CommandListAppendBarrier(ze_command_list_handle_t h, ze_event_handle_t sig, uint32_t nwait,
        ze_event_handle_t *waits)
{
    LOCK();
    ze_result_t rc = append_check(h, sig, nwait, waits);
    if (rc == ZE_RESULT_SUCCESS) {
        /* a barrier that signals nothing only orders, which the held-back copies keep doing */
        if (sig != NULL)
            run_deferred(h);
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        do_signal(sig);
    }
    UNLOCK();
    return rc;
}

ze_result_t drv_CommandListAppendLaunchKernel(ze_command_list_handle_t h, ze_kernel_handle_t k,
        const ze_group_count_t *groups, ze_event_handle_t sig, uint32_t nwait, ze_event_handle_t *waits)
{
    if (groups == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    LOCK();
    ze_result_t rc = append_check(h, sig, nwait, waits);
    if (rc == ZE_RESULT_SUCCESS) {
        run_deferred(h);
        rc = kernel_run(k, groups);
    }
    if (rc == ZE_RESULT_SUCCESS)
        do_signal(sig);
    UNLOCK();
    return rc;
}

ze_result_t drv_CommandListAppendSignalEvent(ze_command_list_handle_t h, ze_event_handle_t ev)
{
    LOCK();
    ze_result_t rc = ev == NULL ? ZE_RESULT_ERROR_INVALID_NULL_HANDLE : append_check(h, ev, 0, NULL);
    if (rc == ZE_RESULT_SUCCESS) {
        run_deferred(h);
        do_signal(ev);
    }
    UNLOCK();
    return rc;
}

ze_result_t drv_CommandListAppendWaitOnEvents(ze_command_list_handle_t h, uint32_t n, ze_event_handle_t *events)
{
    LOCK();
    ze_result_t rc = append_check(h, NULL, n, events);
    UNLOCK();
    return rc;
}

ze_result_t drv_CommandListAppendEventReset(ze_command_list_handle_t h, ze_event_handle_t ev)
{
    LOCK();
    ze_result_t rc = ev == NULL ? ZE_RESULT_ERROR_INVALID_NULL_HANDLE : append_check(h, ev, 0, NULL);
    if (rc == ZE_RESULT_SUCCESS)
        ev->signalled = 0;
    UNLOCK();
    return rc;
}

ze_result_t drv_EventPoolCreate(ze_context_handle_t ctx, const ze_event_pool_desc_t *desc, uint32_t ndev,
        ze_device_handle_t *devs, ze_event_pool_handle_t *phPool)
{
    if (desc == NULL || phPool == NULL || (ndev > 0 && devs == NULL))
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(desc, ZE_STRUCTURE_TYPE_EVENT_POOL_DESC);
    if (desc->count == 0)
        return ZE_RESULT_ERROR_INVALID_SIZE;
    ze_event_pool_handle_t p = calloc(1, sizeof *p);
    if (p == NULL)
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    LOCK();
    int ok = obj_live(ctx, CONTEXT_MAGIC);
    for (uint32_t i = 0; ok && i < ndev; i++)
        ok = device_valid(devs[i]);
    if (!ok) {
        UNLOCK();
        free(p);
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    p->count = desc->count;
    obj_add(&p->hdr, POOL_MAGIC);
    UNLOCK();
    *phPool = p;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_EventPoolDestroy(ze_event_pool_handle_t h)
{
    LOCK();
    if (!obj_live(h, POOL_MAGIC)) {
        UNLOCK();
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    obj_remove(&h->hdr);
    UNLOCK();
    free(h);
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_EventCreate(ze_event_pool_handle_t pool, const ze_event_desc_t *desc, ze_event_handle_t *phEvent)
{
    if (desc == NULL || phEvent == NULL)
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    CHECK_STYPE(desc, ZE_STRUCTURE_TYPE_EVENT_DESC);
    ze_event_handle_t e = calloc(1, sizeof *e);
    if (e == NULL)
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    LOCK();
    if (!obj_live(pool, POOL_MAGIC)) {
        UNLOCK();
        free(e);
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    if (desc->index >= pool->count) {
        UNLOCK();
        free(e);
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    e->pool = pool;
    e->index = desc->index;
    obj_add(&e->hdr, EVENT_MAGIC);
    UNLOCK();
    *phEvent = e;
    return ZE_RESULT_SUCCESS;
}

ze_result_t drv_EventDestroy(ze_event_handle_t h)
{
    LOCK();
    if (!obj_live(h, EVENT_MAGIC)) {
        UNLOCK();
        return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    }
    obj_remove(&h->hdr);
    UNLOCK();
    free(h);
    return ZE_RESULT_SUCCESS;
}

/* reads or changes an event's state: op 0 query, 1 signal, 2 reset */
static ze_result_t event_op(ze_event_handle_t h, int op)
{
    LOCK();
    ze_result_t rc;
    if (!obj_live(h, EVENT_MAGIC)) {
        rc = ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    } else if (op == 1) {
        h->signalled = 1;
        rc = ZE_RESULT_SUCCESS;
    } else if (op == 2) {
        h->signalled = 0;
        rc = ZE_RESULT_SUCCESS;
    } else {
        rc = h->signalled ? ZE_RESULT_SUCCESS : ZE_RESULT_NOT_READY;
    }
    UNLOCK();
    return rc;
}

ze_result_t drv_EventHostSignal(ze_event_handle_t h)
{
    return event_op(h, 1);
}

/* never blocks: nothing is ever pending, so an unsignalled event would never become signalled */
ze_result_t drv_EventHostSynchronize(ze_event_handle_t h, uint64_t timeout)
{
    (void) timeout;
    return event_op(h, 0);
}

ze_result_t drv_EventQueryStatus(ze_event_handle_t h)
{
    return event_op(h, 0);
}

ze_result_t drv_EventHostReset(ze_event_handle_t h)
{
    return event_op(h, 2);
}

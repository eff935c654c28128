package io.ishmem.core.device.levelzero;

import io.ishmem.NativeCallException;
import io.ishmem.l0.bindings.ZeApi;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

/**
 * Names of {@code ze_result_t} values, and the one check every Level Zero call goes through. Level Zero
 * has no error-to-string function; the names come from the binding's own {@code ZE_RESULT_*} constants,
 * so they always match the header the binding was generated from.
 */
final class ZeStatus
{
    private static final Map<Integer, String> NAMES = names();

    private ZeStatus()
    {
    }

    private static Map<Integer, String> names()
    {
        final Map<Integer, String> names = new HashMap<>();
        for (final Method method : ZeApi.class.getMethods())
        {
            if (method.getName().startsWith("ZE_RESULT_") && method.getParameterCount() == 0 &&
                Modifier.isStatic(method.getModifiers()) && method.getReturnType() == int.class &&
                !method.getName().endsWith("FORCE_UINT32"))
            {
                try
                {
                    names.putIfAbsent((Integer)method.invoke(null), method.getName());
                }
                catch (final ReflectiveOperationException ex)
                {
                    throw new IllegalStateException("reading " + method.getName() + " from the binding", ex);
                }
            }
        }
        return Map.copyOf(names);
    }

    /**
     * @return e.g. {@code ZE_RESULT_ERROR_DEVICE_LOST (0x70000001)}.
     */
    static String describe(final int result)
    {
        return NAMES.getOrDefault(result, "unknown ze_result_t") + " (0x" + Integer.toHexString(result) + ")";
    }

    static boolean isOutOfDeviceMemory(final int result)
    {
        return result == ZeApi.ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY();
    }

    /**
     * @throws NativeCallException "zeMemOpenIpcHandle failed: ZE_RESULT_ERROR_DEVICE_LOST (0x70000001)".
     */
    static void check(final int result, final String call)
    {
        if (result != ZeApi.ZE_RESULT_SUCCESS())
        {
            throw failed(result, call);
        }
    }

    static NativeCallException failed(final int result, final String call)
    {
        return new NativeCallException(call + " failed: " + describe(result), result);
    }
}

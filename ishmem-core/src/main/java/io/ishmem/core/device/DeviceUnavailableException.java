package io.ishmem.core.device;

/**
 * A device backend cannot serve on this machine (no library, no driver, no device, driver too old);
 * the message says why and what to do. Checked, so every caller decides between failing and falling back.
 */
public final class DeviceUnavailableException extends Exception
{
    private static final long serialVersionUID = 1L;

    public DeviceUnavailableException(final String message)
    {
        super(message);
    }

    public DeviceUnavailableException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}

package io.ishmem.core.device;

import java.util.Arrays;

/**
 * An exported device allocation: a file descriptor valid in the exporting process and the opaque
 * bytes of the backend's handle (a {@code ze_ipc_mem_handle_t}, say). The descriptor travels to a peer
 * by {@code pidfd_getfd}, the same way host heaps travel; {@link #withFd} patches the importer's
 * descriptor into the bytes where the backend keeps it.
 *
 * @param fd       descriptor in the process that holds this handle.
 * @param fdOffset byte offset of the 4-byte descriptor inside {@code bytes}, or -1 when the bytes hold none.
 * @param bytes    the backend's opaque handle, at most {@link #MAX_BYTES}.
 */
public record IpcHandle(int fd, int fdOffset, byte[] bytes)
{
    /** Room for a handle in the exchange record: Level Zero's ZE_MAX_IPC_HANDLE_SIZE. */
    public static final int MAX_BYTES = 64;

    public IpcHandle
    {
        if (bytes.length > MAX_BYTES)
        {
            throw new IllegalArgumentException("IPC handle of " + bytes.length + " bytes exceeds " + MAX_BYTES);
        }
        if (fdOffset != -1 && (fdOffset < 0 || fdOffset > bytes.length - Integer.BYTES))
        {
            throw new IllegalArgumentException("fdOffset=" + fdOffset + " not in [0, " + (bytes.length - 4) + "]");
        }
        bytes = bytes.clone();
    }

    /**
     * @param localFd the descriptor as imported into this process.
     * @return this handle with {@code localFd} in place of the exporter's descriptor (native byte order).
     */
    public IpcHandle withFd(final int localFd)
    {
        final byte[] patched = bytes.clone();
        if (fdOffset >= 0)
        {
            // little-endian: every platform Level Zero and CUDA IPC run on here is x86-64 or aarch64 LE
            patched[fdOffset] = (byte)localFd;
            patched[fdOffset + 1] = (byte)(localFd >>> 8);
            patched[fdOffset + 2] = (byte)(localFd >>> 16);
            patched[fdOffset + 3] = (byte)(localFd >>> 24);
        }
        return new IpcHandle(localFd, fdOffset, patched);
    }

    @Override
    public byte[] bytes()
    {
        return bytes.clone();
    }

    @Override
    public boolean equals(final Object other)
    {
        return other instanceof IpcHandle that && fd == that.fd && fdOffset == that.fdOffset &&
            Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode()
    {
        return 31 * (31 * fd + fdOffset) + Arrays.hashCode(bytes);
    }

    @Override
    public String toString()
    {
        return "IpcHandle[fd=" + fd + ", fdOffset=" + fdOffset + ", " + bytes.length + " bytes]";
    }
}

package io.ishmem.core.posix;

/** Names of the errno values our calls can return, for messages such as "pidfd_getfd failed: EPERM (1)". */
public final class Errno
{
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EINVAL = 22;
    public static final int ENOSYS = 38;

    private static final String[] NAMES = new String[134];

    static
    {
        final String[][] pairs = {
            {"1", "EPERM"}, {"2", "ENOENT"}, {"3", "ESRCH"}, {"4", "EINTR"}, {"5", "EIO"}, {"6", "ENXIO"},
            {"7", "E2BIG"}, {"8", "ENOEXEC"}, {"9", "EBADF"}, {"10", "ECHILD"}, {"11", "EAGAIN"},
            {"12", "ENOMEM"}, {"13", "EACCES"}, {"14", "EFAULT"}, {"16", "EBUSY"}, {"17", "EEXIST"},
            {"19", "ENODEV"}, {"20", "ENOTDIR"}, {"21", "EISDIR"}, {"22", "EINVAL"}, {"23", "ENFILE"},
            {"24", "EMFILE"}, {"27", "EFBIG"}, {"28", "ENOSPC"}, {"30", "EROFS"}, {"36", "ENAMETOOLONG"},
        };
        for (final String[] pair : pairs)
        {
            final int value = Integer.parseInt(pair[0]);
            if (value < NAMES.length)
            {
                NAMES[value] = pair[1];
            }
        }
    }

    private Errno()
    {
    }

    /**
     * @param errno the value captured after a failed call.
     * @return e.g. "EPERM (1)", or "errno 77" for values without a name here.
     */
    public static String describe(final int errno)
    {
        final String name = errno >= 0 && errno < NAMES.length ? NAMES[errno] : null;
        return name != null ? name + " (" + errno + ")" : "errno " + errno;
    }
}

package io.ishmem.junit;

import java.lang.module.ModuleDescriptor;

import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The JUnit Jupiter version the tests run on, refused with a message naming the version needed when older.
 *
 * <p>ishmem-junit brings no JUnit of its own (junit-jupiter-api is {@code provided}): the user's version runs it.
 * It uses only API that JUnit Jupiter 5.9 already had, and the consumer build in ishmem-dist runs it on 5.9.
 */
final class JupiterVersion
{
    /** The oldest JUnit Jupiter version ishmem-junit is tested on. */
    static final String MINIMUM = "5.9";

    private static final int MINIMUM_MAJOR = 5;
    private static final int MINIMUM_MINOR = 9;

    private JupiterVersion()
    {
    }

    /**
     * @throws ExtensionConfigurationException if the JUnit Jupiter API on the class path is older than
     *                                         {@link #MINIMUM}; an unknown version passes.
     */
    static void check()
    {
        checkVersion(running());
    }

    /**
     * @param version a JUnit Jupiter version, or null when unknown.
     * @throws ExtensionConfigurationException if {@code version} is older than {@link #MINIMUM}.
     */
    static void checkVersion(final String version)
    {
        final String whyNot = whyUnsupported(version);
        if (whyNot != null)
        {
            throw new ExtensionConfigurationException(whyNot);
        }
    }

    /**
     * @return the version of the junit-jupiter-api jar that holds {@link TestTemplate}, or null when neither its
     * manifest nor its module descriptor says.
     */
    static String running()
    {
        final String fromManifest = TestTemplate.class.getPackage().getImplementationVersion();
        if (fromManifest != null)
        {
            return fromManifest;
        }
        final ModuleDescriptor descriptor = TestTemplate.class.getModule().getDescriptor();
        return descriptor == null ? null : descriptor.rawVersion().orElse(null);
    }

    /**
     * @param version a JUnit Jupiter version such as {@code 5.11.4} or {@code 5.10.0-M1}, or null when unknown.
     * @return why ishmem-junit cannot run on it, or null when it can (or the version is unknown or unparsable).
     */
    static String whyUnsupported(final String version)
    {
        if (version == null)
        {
            return null;
        }
        final String[] parts = version.split("[.-]", 3);
        final int major;
        final int minor;
        try
        {
            major = Integer.parseInt(parts[0]);
            minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
        }
        catch (final NumberFormatException ex)
        {
            return null;
        }
        if (major > MINIMUM_MAJOR || (major == MINIMUM_MAJOR && minor >= MINIMUM_MINOR))
        {
            return null;
        }
        return "ishmem-junit needs JUnit Jupiter " + MINIMUM + " or later, but junit-jupiter-api " + version +
            " is on the test class path: use org.junit.jupiter:junit-jupiter " + MINIMUM + ".0 or later (or import " +
            "org.junit:junit-bom at that version so that every JUnit artifact agrees)";
    }
}

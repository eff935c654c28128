package io.ishmem.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the annotated method on every PE of a job, once for each PE count in {@link #pes()}.
 *
 * <p>The body runs in the PE JVMs, never in the JVM that runs the tests: each PE loads the test class,
 * creates an instance with its no-argument constructor (private and package-private are fine), and calls
 * the method. A method may take no parameters, or one {@link io.ishmem.Ishmem}: each PE then calls
 * {@link io.ishmem.Ishmem#init()} before the body and {@code close()} after it. Lifecycle methods
 * ({@code @BeforeEach} and the like) run only in the test JVM. Each PE runs on the test class path, with
 * {@code --enable-native-access=ALL-UNNAMED} and small-footprint JVM options.
 *
 * <p>Runs on the JUnit Jupiter of the user's build, 5.9 or later (ishmem-junit brings none of its own); on an
 * older one each run fails at once with an {@link org.junit.jupiter.api.extension.ExtensionConfigurationException}
 * naming the version needed.
 *
 * <p>The test passes when every PE exits 0. Otherwise it fails with an {@link AssertionError} that lists
 * each failed PE with its exit code, followed by the output of every PE.
 *
 * <pre>{@code
 * @MultiPeTest(pes = {2, 4, 8}, env = "ISHMEM_SYMMETRIC_SIZE=16M")
 * void shouldPassTheRing(final Ishmem shmem) { ... }
 * }</pre>
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith(MultiPeExtension.class)
public @interface MultiPeTest
{
    /**
     * @return the PE counts, each in {@code [1, 4096]}; the test runs once per count, named {@code [n PEs]}.
     */
    int[] pes() default {2, 4};

    /**
     * @return seconds after which every PE of one run is stopped and the test fails, {@code >= 1}.
     */
    int timeoutSeconds() default 60;

    /**
     * @return variables added to every PE's environment, each {@code NAME=VALUE}; for the same name they
     * override the test class's {@link MultiPeEnv}.
     */
    String[] env() default {};

    /**
     * @return JVM options added after the defaults, so they can override them, e.g. {@code -Xmx1g}.
     */
    String[] jvmArgs() default {};
}

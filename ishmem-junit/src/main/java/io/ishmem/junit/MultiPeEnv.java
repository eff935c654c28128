package io.ishmem.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Variables for every PE of every {@link MultiPeTest} job of a test class, so one set of test methods in an
 * abstract class can run under several environments, one concrete subclass each.
 *
 * <p>Each pair is {@code NAME=VALUE}; the value may contain '='. The annotation is read from the test class
 * and from each of its superclasses (it is deliberately not {@link java.lang.annotation.Inherited}, which
 * would hide a superclass's pairs behind the subclass's). For one name the nearest value wins:
 * <ol>
 *   <li>the method's {@link MultiPeTest#env()},</li>
 *   <li>then the test class's {@code @MultiPeEnv},</li>
 *   <li>then its superclass's, and so on up the hierarchy,</li>
 *   <li>then the environment of the JVM that runs the tests, which every PE inherits.</li>
 * </ol>
 *
 * <pre>{@code
 * abstract class DeviceSuite
 * {
 *     @MultiPeTest(pes = {2, 4}, env = "ISHMEM_DEVICE_SYMMETRIC_SIZE=160M")
 *     void shouldPut(final Ishmem shmem) { ... }
 * }
 *
 * @MultiPeEnv("ISHMEM_DEVICE=cuda")
 * class CudaDeviceSuiteTest extends DeviceSuite
 * {
 * }
 * }</pre>
 *
 * <p>Only {@link MultiPeTest} methods read it; a {@link MultiPeJob} built by hand gets exactly the
 * variables given to it. Enclosing classes of a {@code @Nested} class are not searched.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface MultiPeEnv
{
    /**
     * @return variables added to every PE's environment, each {@code NAME=VALUE} with a non-empty name.
     */
    String[] value();
}

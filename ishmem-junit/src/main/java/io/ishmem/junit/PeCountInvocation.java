package io.ishmem.junit;

import io.ishmem.Ishmem;
import io.ishmem.launcher.JobResult;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * One run of a {@link MultiPeTest} method with one PE count: skips the body in the test JVM and runs it on
 * the PEs instead.
 */
final class PeCountInvocation implements TestTemplateInvocationContext, InvocationInterceptor, ParameterResolver
{
    private final int npes;
    private final MultiPeTest annotation;
    private final Map<String, String> classEnv;
    private final Map<String, String> rotated;

    /**
     * @param npes       the PE count of this run.
     * @param annotation the method's annotation.
     * @param classEnv   the test class's {@link MultiPeEnv} variables, which the method's own env overrides.
     * @param rotated    this run's turn of {@link RotatedEnvironment}, which the class's variables override.
     */
    PeCountInvocation(final int npes, final MultiPeTest annotation, final Map<String, String> classEnv,
        final Map<String, String> rotated)
    {
        this.npes = npes;
        this.annotation = annotation;
        this.classEnv = classEnv;
        this.rotated = rotated;
    }

    @Override
    public String getDisplayName(final int invocationIndex)
    {
        final String pes = npes + (npes == 1 ? " PE" : " PEs");
        return rotated.isEmpty() ? "[" + pes + "]" : "[" + pes + ", " + RotatedEnvironment.describe(rotated) + "]";
    }

    @Override
    public List<Extension> getAdditionalExtensions()
    {
        return List.of(this);
    }

    @Override
    public boolean supportsParameter(final ParameterContext parameterContext, final ExtensionContext extensionContext)
    {
        return parameterContext.getParameter().getType() == Ishmem.class;
    }

    @Override
    public Object resolveParameter(final ParameterContext parameterContext, final ExtensionContext extensionContext)
    {
        // JUnit resolves the parameters before the interceptor skips the call, so it needs a value
        return PlaceholderIshmem.INSTANCE;
    }

    @Override
    public void interceptTestTemplateMethod(
        final Invocation<Void> invocation,
        final ReflectiveInvocationContext<Method> invocationContext,
        final ExtensionContext extensionContext)
    {
        invocation.skip();
        final MultiPeJob job = MultiPeJob.of(extensionContext.getRequiredTestClass(),
                invocationContext.getExecutable().getName())
            .pes(npes)
            .timeoutSeconds(annotation.timeoutSeconds());
        // a job keeps the last value given for a name: the rotation, then the class's, then the method's env
        rotated.forEach(job::env);
        classEnv.forEach(job::env);
        final JobResult result = job.env(annotation.env())
            .jvmArgs(annotation.jvmArgs())
            .run();
        if (!result.succeeded())
        {
            throw new AssertionError(JobReport.describe(result));
        }
    }
}

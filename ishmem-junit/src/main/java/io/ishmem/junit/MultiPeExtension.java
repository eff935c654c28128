package io.ishmem.junit;

import io.ishmem.launcher.JobSpec;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Provides one invocation of a {@link MultiPeTest} method per PE count; each runs the job instead of the body.
 */
public final class MultiPeExtension implements TestTemplateInvocationContextProvider
{
    /**
     * Creates the extension; JUnit calls this.
     */
    public MultiPeExtension()
    {
    }

    @Override
    public boolean supportsTestTemplate(final ExtensionContext context)
    {
        return AnnotationSupport.isAnnotated(context.getTestMethod(), MultiPeTest.class);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(final ExtensionContext context)
    {
        // before anything else, so that a JUnit too old for us says so instead of failing somewhere inside
        JupiterVersion.check();
        final Method method = context.getRequiredTestMethod();
        final MultiPeTest annotation = AnnotationSupport.findAnnotation(method, MultiPeTest.class).orElseThrow();
        final String whyNot = TestBodies.whyNotRunnable(method);
        if (whyNot != null)
        {
            throw new ExtensionConfigurationException(whyNot);
        }
        if (annotation.pes().length == 0)
        {
            throw new ExtensionConfigurationException("@MultiPeTest(pes = {}) on " + method.getName() +
                ": give at least one PE count");
        }
        for (final int npes : annotation.pes())
        {
            if (npes < 1 || npes > JobSpec.MAX_NPES)
            {
                throw new ExtensionConfigurationException("@MultiPeTest on " + method.getName() + ": pes=" + npes +
                    " not in [1, " + JobSpec.MAX_NPES + "]");
            }
        }
        if (annotation.timeoutSeconds() < 1)
        {
            throw new ExtensionConfigurationException("@MultiPeTest on " + method.getName() + ": timeoutSeconds=" +
                annotation.timeoutSeconds() + " must be >= 1");
        }
        // read once per method, so a bad @MultiPeEnv fails the template before any job starts
        final Map<String, String> classEnv = ClassEnvironment.of(context.getRequiredTestClass());
        return Arrays.stream(PeCountLimit.select(annotation.pes()))
            .mapToObj(npes -> new PeCountInvocation(npes, annotation, classEnv, RotatedEnvironment.next()));
    }
}

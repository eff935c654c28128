/** The host shared-memory transport: every PE's heap mapped into this process, reached by copies and VarHandles. */
package io.ishmem.core.transport.shm;

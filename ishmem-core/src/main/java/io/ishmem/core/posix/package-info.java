/** Hand-written FFM bindings of the Linux calls the host heap needs, with errno captured and named. */
package io.ishmem.core.posix;

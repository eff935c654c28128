/** The ordered queue behind the on_queue calls: operations run in order on one thread, after their dependencies. */
package io.ishmem.core.queue;

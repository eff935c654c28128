/** The service interface an implementation of {@link io.ishmem.Ishmem} provides. */
package io.ishmem.spi;

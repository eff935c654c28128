/** Remote memory access: put, get, the typed p and g, and their ordering (fence, quiet) over every transport. */
package io.ishmem.core.rma;

/** Signals: put-with-signal in every form, signal set, add, fetch and wait, checked once and handed to a transport. */
package io.ishmem.core.signal;

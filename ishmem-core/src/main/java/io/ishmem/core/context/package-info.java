/** Communication contexts: ordering domains over the transports, their options, and each PE's budget of them. */
package io.ishmem.core.context;

/** Teams: (start, stride, size) arithmetic in world PEs, team slots, split agreement and destroy. */
package io.ishmem.core.team;

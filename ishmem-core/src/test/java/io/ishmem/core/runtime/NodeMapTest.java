package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import io.ishmem.core.team.Triplet;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NodeMapTest
{
    private static final String[] HOSTS = {"a", "b", "a", "b", "c"};

    @Test
    void shouldNumberNodesInTheOrderOfTheirLowestPe()
    {
        final NodeMap nodes = NodeMap.of(new String[] {"k2", "k1", "k2", "k1", "k3"}, HOSTS);
        assertEquals(3, nodes.count());
        assertEquals(0, nodes.nodeOf(0));
        assertEquals(1, nodes.nodeOf(1));
        assertEquals(2, nodes.nodeOf(4));
        assertArrayEquals(new int[] {0, 2}, nodes.members(2));
        assertArrayEquals(new int[] {1, 3}, nodes.members(1));
        assertArrayEquals(new int[] {4}, nodes.members(4));
        assertEquals("b", nodes.host(3));
    }

    @Test
    void shouldMakeTheSharedTeamOfANodeWhoseMembersAreEvenlySpaced()
    {
        final NodeMap nodes = NodeMap.of(new String[] {"x", "y", "x", "y", "z"}, HOSTS);
        assertEquals(new Triplet(0, 2, 2), nodes.shared(2));
        assertEquals(new Triplet(1, 2, 2), nodes.shared(3));
        assertEquals(new Triplet(4, 1, 1), nodes.shared(4));
        assertEquals(new Triplet(0, 1, 5), NodeMap.single(5).shared(3));
    }

    @Test
    void shouldLeaveAPeAloneInItsSharedTeamWhenItsNodeIsUnevenlySpaced()
    {
        final NodeMap nodes = NodeMap.of(new String[] {"x", "x", "y", "x", "y"}, HOSTS);
        assertEquals(new Triplet(3, 1, 1), nodes.shared(3));
        assertEquals(new Triplet(2, 2, 2), nodes.shared(4));
    }

    @Test
    void shouldRefuseAJobThatMpirunOrSrunSpreadAcrossHostsWithoutARendezvous()
    {
        final IshmemConfigException open = assertThrows(IshmemConfigException.class,
            () -> NodeMap.requireOneHost(Map.of("OMPI_COMM_WORLD_LOCAL_SIZE", "2"), 4));
        assertTrue(open.getMessage().contains("OMPI_COMM_WORLD_LOCAL_SIZE=2"), open.getMessage());
        assertTrue(open.getMessage().contains("ishmemrun --hosts"), open.getMessage());
        final IshmemConfigException slurm = assertThrows(IshmemConfigException.class,
            () -> NodeMap.requireOneHost(Map.of("SLURM_STEP_NUM_NODES", "2"), 4));
        assertTrue(slurm.getMessage().contains("SLURM_STEP_NUM_NODES=2"), slurm.getMessage());
        assertDoesNotThrow(() -> NodeMap.requireOneHost(Map.of("OMPI_COMM_WORLD_LOCAL_SIZE", "4"), 4));
        assertDoesNotThrow(() -> NodeMap.requireOneHost(Map.of("SLURM_STEP_NUM_NODES", "1"), 4));
        assertDoesNotThrow(() -> NodeMap.requireOneHost(Map.of(), 4));
    }

    @Test
    void shouldKeyThisProcessByKernelNetworkNamespaceAndSharedMemory()
    {
        final String key = NodeMap.localKey();
        assertTrue(key.contains("net:["), key);
        assertTrue(key.contains("/shm-"), key);
        assertNotEquals(-1, key.indexOf('/'), key);
        assertEquals(key, NodeMap.localKey(), "the key is stable");
    }
}

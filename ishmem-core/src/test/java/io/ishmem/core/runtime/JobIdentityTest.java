package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JobIdentityTest
{
    @Test
    void shouldTakeTheLaunchersVariables()
    {
        final JobIdentity id = JobIdentity.fromEnvironment(Map.of(
            "ISHMEM_PE", "3", "ISHMEM_NPES", "8", "ISHMEM_JOB_ID", "abc123", "ISHMEM_LAUNCHER_PID", "99"));
        assertEquals(new JobIdentity(3, 8, "abc123", "ishmemrun", 99), id);
        assertEquals("/dev/shm/ishmem-abc123-", id.shmPrefix());
    }

    @Test
    void shouldTakeOpenMpiSlurmAndPmiVariables()
    {
        final JobIdentity ompi = JobIdentity.fromEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "1",
            "OMPI_COMM_WORLD_SIZE", "4", "OMPI_MCA_ess_base_jobid", "3735"));
        assertEquals(new JobIdentity(1, 4, "ompi-3735", "Open MPI", -1), ompi);
        final JobIdentity slurm = JobIdentity.fromEnvironment(Map.of("SLURM_PROCID", "2", "SLURM_NTASKS", "3",
            "SLURM_JOB_ID", "77", "SLURM_STEP_ID", "1"));
        assertEquals(new JobIdentity(2, 3, "slurm-77.1", "Slurm", -1), slurm);
        final JobIdentity pmi = JobIdentity.fromEnvironment(Map.of("PMI_RANK", "0", "PMI_SIZE", "2",
            "PMI_KVSNAME", "kvs_5_0"));
        assertEquals(new JobIdentity(0, 2, "pmi-kvs_5_0", "PMI", -1), pmi);
    }

    @Test
    void shouldMakeAJobOfOneWhenStartedAlone()
    {
        final JobIdentity id = JobIdentity.fromEnvironment(Map.of());
        assertEquals(0, id.pe());
        assertEquals(1, id.nPes());
        assertTrue(id.jobId().startsWith("solo-"), id.jobId());
    }

    @Test
    void shouldRejectAPeOutOfRangeNamingTheVariable()
    {
        final IshmemConfigException ex = assertThrows(IshmemConfigException.class, () -> JobIdentity.fromEnvironment(
            Map.of("ISHMEM_PE", "4", "ISHMEM_NPES", "4", "ISHMEM_JOB_ID", "j")));
        assertEquals("ISHMEM_PE=4 not in [0, 4)", ex.getMessage());
        final IshmemConfigException size = assertThrows(IshmemConfigException.class, () -> JobIdentity.fromEnvironment(
            Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "0")));
        assertTrue(size.getMessage().startsWith("SLURM_NTASKS=0 not in [1, "), size.getMessage());
    }

    @Test
    void shouldRequireAJobIdForSeveralPes()
    {
        final IshmemConfigException ex = assertThrows(IshmemConfigException.class,
            () -> JobIdentity.fromEnvironment(Map.of("ISHMEM_PE", "0", "ISHMEM_NPES", "2")));
        assertTrue(ex.getMessage().contains("ISHMEM_JOB_ID must be set"), ex.getMessage());
    }

    @Test
    void shouldMakeJobIdsSafeForFileNamesAndHashThemApart()
    {
        assertEquals("a_b_c-1.2", JobIdentity.sanitize("a/b c-1.2"));
        assertNotEquals(new JobIdentity(0, 1, "a", "x", -1).jobHash(), new JobIdentity(0, 1, "b", "x", -1).jobHash());
    }

    @Test
    void shouldKeyTheJobBySecretAsWellAsIdAndKeepTheSecretOutOfText()
    {
        final JobIdentity first = JobIdentity.fromEnvironment(Map.of("ISHMEM_PE", "0", "ISHMEM_NPES", "2",
            "ISHMEM_JOB_ID", "same", "ISHMEM_JOB_SECRET", "s1"));
        final JobIdentity second = JobIdentity.fromEnvironment(Map.of("ISHMEM_PE", "0", "ISHMEM_NPES", "2",
            "ISHMEM_JOB_ID", "same", "ISHMEM_JOB_SECRET", "s2"));
        assertEquals("s1", first.secret());
        assertNotEquals(first.jobHash(), second.jobHash());
        assertFalse(first.toString().contains("s1"), first.toString());
    }
}

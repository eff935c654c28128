package io.ishmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostListTest
{
    @Test
    void shouldAssignPesToHostsInBlocksInTheOrderGiven()
    {
        assertEquals(List.of("b", "b", "b", "a", "c", "c"), HostList.parse("b:3,a:1,c:2", 6));
        assertEquals(List.of("node-1.example"), HostList.parse("node-1.example:1", 1));
    }

    @Test
    void shouldTakeIpv6AddressesInBrackets()
    {
        assertEquals(List.of("fe80::1", "fe80::1", "::1"), HostList.parse("[fe80::1]:2,[::1]:1", 3));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "a:4,b:3     | 8 | the counts in 'a:4,b:3' add up to 7 PEs, but -n is 8",
        "a:4,b:5     | 8 | the counts in 'a:4,b:5' add up to more than 8 PEs, but -n is 8",
        "a:2147483647,b:9 | 8 | the counts in 'a:2147483647,b:9' add up to more than 8 PEs, but -n is 8",
        "a:4,b:0     | 4 | 'b:0' in 'a:4,b:0': COUNT=0 must be at least 1",
        "a:-1        | 4 | 'a:-1' in 'a:-1': COUNT=-1 must be at least 1",
        "a:four      | 4 | 'a:four' in 'a:four': COUNT is not a whole number",
        "a           | 4 | 'a' in 'a' is not HOST:COUNT",
        "a:4,        | 4 | '' in 'a:4,' is not HOST:COUNT",
        ":4          | 4 | ':4' in ':4' is not HOST:COUNT",
        "a:          | 4 | 'a:' in 'a:' is not HOST:COUNT",
        "a b:4       | 4 | 'a b:4' in 'a b:4' does not name a host"})
    void shouldNameWhatIsWrong(final String hosts, final int npes, final String message)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> HostList.parse(hosts, npes));
        assertEquals(message, ex.getMessage());
    }

    @Test
    void shouldQuoteEveryWordForPosixSh()
    {
        assertEquals("'it'\\''s'", RemoteCommand.quote("it's"));
        assertEquals("'$HOME \"x\" `y`'", RemoteCommand.quote("$HOME \"x\" `y`"));
        final Map<String, String> environment = new LinkedHashMap<>();
        environment.put("A", "1");
        environment.put("Q", "it's");
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "b",
                "cd '/w d' && exec env 'A=1' 'Q=it'\\''s' 'prog' 'a b'"),
            RemoteCommand.build(JobSpec.DEFAULT_REMOTE_SHELL, "b", Path.of("/w d"), environment,
                List.of("prog", "a b")));
    }
}

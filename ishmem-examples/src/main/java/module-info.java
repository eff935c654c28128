/**
 * Small ishmem4j programs written against the API alone; ishmem-core is found at run time.
 */
module io.ishmem.examples {
    requires io.ishmem.api;

    exports io.ishmem.examples;
}

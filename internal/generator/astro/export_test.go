package astro

// ManifestModule is, for the tests of package astro_test, the manifest of
// a server build.
const ManifestModule = manifestModule

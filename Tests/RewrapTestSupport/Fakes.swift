// What the pure layout and motion tests use lives in RewrapTestFakes, which
// links no C library; every other test target sees it through this one.
@_exported import RewrapTestFakes

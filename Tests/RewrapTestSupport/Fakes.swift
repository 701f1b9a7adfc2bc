// The pure fakes (RewrapTestFakes, no C library) and the drivers of real
// servers and compositors (RewrapTestDrivers) are separate targets; every
// test target that imports this one sees both.
@_exported import RewrapTestDrivers
@_exported import RewrapTestFakes

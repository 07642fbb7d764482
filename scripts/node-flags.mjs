// The node flags the server runs with (npm start and the benchmarks that start it as a process).
export const NODE_FLAGS = ['--enable-source-maps'];

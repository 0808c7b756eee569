export default { output: process.env.EXPORT ? 'export' : undefined };

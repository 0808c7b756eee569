export default { output: 'export' };

module.exports = { output: 'export' }

module.exports = {url: 'https://d.example', baseUrl: '/'}

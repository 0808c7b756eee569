export default { basePath: '/shop', trailingSlash: true };

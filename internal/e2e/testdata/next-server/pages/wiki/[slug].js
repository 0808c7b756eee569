// No path prerendered: every article is rendered on its first request.
export async function getStaticPaths() { return { paths: [], fallback: 'blocking' }; }
export async function getStaticProps({ params }) { return { props: { slug: params.slug }, revalidate: 3600 }; }
export default function Wiki({ slug }) { return <h1>Wiki {slug}</h1>; }

export async function getStaticPaths() {
  return { paths: [{ params: { slug: 'install' } }, { params: { slug: 'usage' } }, { params: { slug: 'removed' } }], fallback: false };
}
export async function getStaticProps({ params }) {
  if (params.slug === 'removed') return { notFound: true };
  return { props: { slug: params.slug } };
}
export default function Doc({ slug }) { return <h1>Doc {slug}</h1>; }

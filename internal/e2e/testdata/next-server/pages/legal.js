export async function getStaticProps() { return { props: { at: 'legal' } }; }
export default function Legal({ at }) { return <h1>{at}</h1>; }

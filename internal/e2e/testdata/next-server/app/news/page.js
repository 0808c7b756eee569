// ISR: prerendered at build, regenerated at most once a minute.
export const revalidate = 60;
export default function Page() { return <h1>News</h1>; }

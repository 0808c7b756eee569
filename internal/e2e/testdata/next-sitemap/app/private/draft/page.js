export default function Page() { return <h1>Draft</h1>; }

export default function Page() { return <h1>About</h1>; }

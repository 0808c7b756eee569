export default function Page() { return <h1>Blog</h1>; }

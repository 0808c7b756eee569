export default function Page() {}

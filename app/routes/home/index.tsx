export default function Home() {
  return <h1>Костёр</h1>;
}

export default function BookingPage() {
  return <main>Бронирование</main>;
}

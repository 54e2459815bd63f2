use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let t = Instant::now();
    let text = std::fs::read_to_string(&path).unwrap();
    let t1 = t.elapsed();

    let t2 = t.elapsed();
    let s = cplab::model::Scenario::from_json(&text).unwrap();
    let t3 = t.elapsed();
    let o = s.run().unwrap();
    let t4 = t.elapsed();
    let mut buf = std::io::sink();
    cplab::output::write_result(&mut buf, &o).unwrap();
    let t5 = t.elapsed();
    eprintln!(
        "read {:?} parse {:?} convert {:?} simulate {:?} output {:?} ({} bytes, {} steps)",
        t1,
        t2 - t1,
        t3 - t2,
        t4 - t3,
        t5 - t4,
        0,
        o.plane.store().trace().len()
    );
}

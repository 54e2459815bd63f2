//! Names as Kubernetes makes them: the pod-template-hash of a ReplicaSet and the random suffix of
//! a `generateName`, from one seeded generator so that a run is the same every time.

use serde::Serialize;

/// The 27 characters Kubernetes draws names from: no vowels (no words), no `0`, `1`, `3` (they
/// look like letters). k/k `staging/src/k8s.io/apimachinery/pkg/util/rand/rand.go`, `alphanums`.
pub const ALPHANUMS: &[u8; 27] = b"bcdfghjklmnpqrstvwxz2456789";

/// The characters a `generateName` adds: k/k `staging/src/k8s.io/apiserver/pkg/storage/names/
/// generate.go` (`randomLength = 5`, `maxGeneratedNameLength = 63 - 5`).
pub const GENERATED_SUFFIX_LEN: usize = 5;

/// The longest base a `generateName` keeps before the suffix (the same file).
pub const MAX_GENERATED_BASE_LEN: usize = 63 - GENERATED_SUFFIX_LEN;

/// FNV-1a, 32 bits (Go's `hash/fnv` `New32a`): offset basis 2166136261, prime 16777619.
pub fn fnv32a(bytes: &[u8]) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in bytes {
        hash ^= u32::from(*byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash
}

/// Each character of `text` mapped onto [`ALPHANUMS`] by its code modulo 27, so that a hash
/// printed in decimal spells no word: `SafeEncodeString` in apimachinery's `util/rand`.
pub fn safe_encode_string(text: &str) -> String {
    text.chars().map(|c| char::from(ALPHANUMS[(c as usize) % ALPHANUMS.len()])).collect()
}

/// The pod-template-hash of a pod template: `SafeEncodeString` of the decimal FNV-1a 32-bit hash
/// (at most 10 characters), as `ComputeHash` in k/k `pkg/controller/controller_utils.go` makes
/// it. Kubernetes hashes Go's `spew` dump of the `PodTemplateSpec` (`pkg/util/hash`); the model
/// hashes its own canonical text of the template instead, so the hash has Kubernetes' form and
/// changes exactly when the template does, but is not the one a real cluster would print.
pub fn pod_template_hash(canonical_template: &str, collision_count: Option<u32>) -> String {
    let mut bytes = canonical_template.as_bytes().to_vec();
    if let Some(count) = collision_count {
        // ComputeHash writes the collision count as 8 little-endian bytes (4 used).
        let mut extra = [0u8; 8];
        extra[..4].copy_from_slice(&count.to_le_bytes());
        bytes.extend_from_slice(&extra);
    }
    safe_encode_string(&fnv32a(&bytes).to_string())
}

/// The run's only source of chance: a seeded SplitMix64. Kubernetes draws name suffixes (and
/// breaks the scheduler's score ties) at random; the model draws them from this, so the same
/// seed gives the same names, byte for byte.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NameGen {
    state: u64,
}

impl NameGen {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> Self {
        NameGen { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            return 0;
        }
        (self.next_u64() % bound as u64) as usize
    }

    /// Five characters of [`ALPHANUMS`], as `utilrand.String(5)`.
    pub fn suffix(&mut self) -> String {
        (0..GENERATED_SUFFIX_LEN).map(|_| char::from(ALPHANUMS[self.below(ALPHANUMS.len())])).collect()
    }

    /// A name from a `generateName` base: the base cut to 58 characters, then the suffix
    /// (`simpleNameGenerator.GenerateName`).
    pub fn generate_name(&mut self, base: &str) -> String {
        let kept: String = base.chars().take(MAX_GENERATED_BASE_LEN).collect();
        format!("{kept}{}", self.suffix())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv32a_matches_the_published_vectors() {
        // The FNV reference vectors (draft-eastlake-fnv): "" and "a", "foobar".
        assert_eq!(fnv32a(b""), 0x811c_9dc5);
        assert_eq!(fnv32a(b"a"), 0xe40c_292c);
        assert_eq!(fnv32a(b"foobar"), 0xbf9c_f968);
    }

    #[test]
    fn safe_encoding_maps_digits_as_kubernetes_does() {
        // '0' is 48, 48 % 27 = 21: '4'; '9' is 57, 57 % 27 = 3: 'f'.
        assert_eq!(safe_encode_string("0123456789"), "456789bcdf");
    }

    #[test]
    fn a_hash_has_kubernetes_form_and_follows_the_template() {
        let hash = pod_template_hash("nginx", None);
        assert!(hash.len() <= 10 && hash.bytes().all(|b| b"456789bcdf".contains(&b)), "{hash}");
        assert_ne!(hash, pod_template_hash("nginx:1.27", None));
        assert_ne!(hash, pod_template_hash("nginx", Some(1)));
    }

    #[test]
    fn the_same_seed_gives_the_same_names() {
        let (mut a, mut b) = (NameGen::new(7), NameGen::new(7));
        let first = a.generate_name("web-");
        assert_eq!(first, b.generate_name("web-"));
        assert_eq!(first.len(), 9);
        assert!(first[4..].bytes().all(|c| ALPHANUMS.contains(&c)));
        assert_ne!(first, a.generate_name("web-"));
        assert_eq!(NameGen::new(1).generate_name(&"x".repeat(70)).len(), 63);
    }
}

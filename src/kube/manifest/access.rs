//! The accesses a type read through [`super::yaml::De`] walks (map entries, sequence elements,
//! an enum's variant), each serde_norway's own behind `dyn`, and the seed slot that carries a
//! value out of an erased call.

use super::drive::{ErasedDe, ErasedEnum, ErasedMap, ErasedSeed, ErasedSeq};
use super::yaml::{lost, De, Error};
use serde::de::{self, DeserializeSeed, Visitor};

/// A seed and, once it has run, its value.
pub(super) struct SeedSlot<'de, S: DeserializeSeed<'de>> {
    seed: Option<S>,
    out: Option<S::Value>,
}

impl<'de, S: DeserializeSeed<'de>> SeedSlot<'de, S> {
    pub(super) fn new(seed: S) -> Self {
        SeedSlot { seed: Some(seed), out: None }
    }

    /// The seed's value, after a call that reported it ran.
    pub(super) fn value(self) -> Result<S::Value, Error> {
        self.out.ok_or_else(lost)
    }
}

impl<'de, S: DeserializeSeed<'de>> ErasedSeed<'de> for SeedSlot<'de, S> {
    fn seed(&mut self, de: &mut dyn ErasedDe<'de>) -> Result<(), Error> {
        let seed = self.seed.take().ok_or_else(lost)?;
        self.out = Some(seed.deserialize(De(de))?);
        Ok(())
    }
}

/// serde_norway's map access, behind `dyn`.
pub(super) struct Map<'a, 'de>(pub(super) &'a mut dyn ErasedMap<'de>);

impl<'de> de::MapAccess<'de> for Map<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let mut slot = SeedSlot::new(seed);
        if self.0.next_key(&mut slot)? {
            slot.value().map(Some)
        } else {
            Ok(None)
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let mut slot = SeedSlot::new(seed);
        self.0.next_value(&mut slot)?;
        slot.value()
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// serde_norway's sequence access, behind `dyn`.
pub(super) struct Seq<'a, 'de>(pub(super) &'a mut dyn ErasedSeq<'de>);

impl<'de> de::SeqAccess<'de> for Seq<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        let mut slot = SeedSlot::new(seed);
        if self.0.next_element(&mut slot)? {
            slot.value().map(Some)
        } else {
            Ok(None)
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// serde_norway's enum access (a tagged value), behind `dyn`.
pub(super) struct Enum<'a, 'de>(pub(super) &'a mut dyn ErasedEnum<'de>);

impl<'a, 'de> de::EnumAccess<'de> for Enum<'a, 'de> {
    type Error = Error;
    type Variant = Variant<'a, 'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Variant<'a, 'de>), Error> {
        let mut slot = SeedSlot::new(seed);
        self.0.variant(&mut slot)?;
        Ok((slot.value()?, Variant(self.0)))
    }
}

/// The variant serde_norway's enum access gave, behind `dyn`.
pub(super) struct Variant<'a, 'de>(&'a mut dyn ErasedEnum<'de>);

impl<'de> de::VariantAccess<'de> for Variant<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        self.0.unit()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        let mut slot = SeedSlot::new(seed);
        self.0.newtype(&mut slot)?;
        slot.value()
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        super::yaml::visit_any(visitor, |slot| self.0.tuple(len, slot))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        super::yaml::visit_any(visitor, |slot| self.0.structure(fields, slot))
    }
}

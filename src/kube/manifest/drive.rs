//! serde_norway's side of the reader: the erased traits [`super::yaml::De`] calls, implemented
//! once over serde_norway's deserializer and accesses, and the few visitors and the seed
//! serde_norway is given. Every `deserialize_*`, `next_*` and `visit_*` is forwarded to the
//! same-named method, so each answer is serde_norway's. A serde_norway error is held where it
//! arrived and handed back at the same level (`hold`, `restore`), never rewritten.

use super::yaml::{
    lost, Ask, AskMap, AskSeq, AskStr, Error, Kind, Prim, VisitAny, VisitMap, VisitOption, VisitSeq, VisitStr,
};
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};
use std::fmt;

/// A deserializer behind `dyn`: one method per shape of question.
pub(super) trait ErasedDe<'de> {
    fn any(&mut self, ask: Ask, visitor: &mut dyn VisitAny<'de>) -> Result<(), Error>;
    fn str(&mut self, ask: AskStr, visitor: &mut dyn VisitStr<'de>) -> Result<(), Error>;
    fn seq(&mut self, ask: AskSeq, visitor: &mut dyn VisitSeq<'de>) -> Result<(), Error>;
    fn map(&mut self, ask: AskMap, visitor: &mut dyn VisitMap<'de>) -> Result<(), Error>;
    fn option(&mut self, visitor: &mut dyn VisitOption<'de>) -> Result<(), Error>;
    fn human_readable(&self) -> bool;
}

/// A seed behind `dyn`.
pub(super) trait ErasedSeed<'de> {
    fn seed(&mut self, de: &mut dyn ErasedDe<'de>) -> Result<(), Error>;
}

/// A map access behind `dyn` (`true`: a key was read).
pub(super) trait ErasedMap<'de> {
    fn next_key(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<bool, Error>;
    fn next_value(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<(), Error>;
    fn size_hint(&self) -> Option<usize>;
}

/// A sequence access behind `dyn` (`true`: an element was read).
pub(super) trait ErasedSeq<'de> {
    fn next_element(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<bool, Error>;
    fn size_hint(&self) -> Option<usize>;
}

/// An enum access and then its variant, behind `dyn`.
pub(super) trait ErasedEnum<'de> {
    fn variant(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<(), Error>;
    fn unit(&mut self) -> Result<(), Error>;
    fn newtype(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<(), Error>;
    fn tuple(&mut self, len: usize, visitor: &mut dyn VisitAny<'de>) -> Result<(), Error>;
    fn structure(
        &mut self,
        fields: &'static [&'static str],
        visitor: &mut dyn VisitAny<'de>,
    ) -> Result<(), Error>;
}

/// serde_norway's error kept in `place`; the type being read gets a marker to pass up.
fn hold<E>(place: &mut Option<E>, err: E) -> Error {
    *place = Some(err);
    Error(Kind::Held)
}

/// The error to give serde_norway: the one held, or the type's own message as serde_norway
/// would have made it (`custom`, as every `de::Error` constructor does by default).
fn restore<E: de::Error>(place: &mut Option<E>, err: Error) -> E {
    match err.0 {
        Kind::Custom(message) => E::custom(message),
        Kind::Held => place.take().unwrap_or_else(|| E::custom(lost())),
    }
}

/// serde_norway's deserializer (or one it hands a visitor), and its error once it gave one.
struct DeImpl<'de, D: Deserializer<'de>> {
    de: Option<D>,
    held: Option<D::Error>,
}

impl<'de, D: Deserializer<'de>> DeImpl<'de, D> {
    fn new(de: D) -> Self {
        DeImpl { de: Some(de), held: None }
    }

    /// `visit` given `de` and run through `erased`, its error restored for serde_norway.
    fn run(de: D, erased: impl FnOnce(&mut dyn ErasedDe<'de>) -> Result<(), Error>) -> Result<(), D::Error> {
        let mut this = DeImpl::new(de);
        erased(&mut this).map_err(|err| restore(&mut this.held, err))
    }

    fn take(&mut self) -> Result<D, Error> {
        self.de.take().ok_or_else(lost)
    }

    fn keep(&mut self, result: Result<(), D::Error>) -> Result<(), Error> {
        result.map_err(|err| hold(&mut self.held, err))
    }
}

impl<'de, D: Deserializer<'de>> ErasedDe<'de> for DeImpl<'de, D> {
    fn any(&mut self, ask: Ask, visitor: &mut dyn VisitAny<'de>) -> Result<(), Error> {
        let (de, v) = (self.take()?, AnyWrap(visitor));
        let result = match ask {
            Ask::Any => de.deserialize_any(v),
            Ask::Bool => de.deserialize_bool(v),
            Ask::I8 => de.deserialize_i8(v),
            Ask::I16 => de.deserialize_i16(v),
            Ask::I32 => de.deserialize_i32(v),
            Ask::I64 => de.deserialize_i64(v),
            Ask::I128 => de.deserialize_i128(v),
            Ask::U8 => de.deserialize_u8(v),
            Ask::U16 => de.deserialize_u16(v),
            Ask::U32 => de.deserialize_u32(v),
            Ask::U64 => de.deserialize_u64(v),
            Ask::U128 => de.deserialize_u128(v),
            Ask::F32 => de.deserialize_f32(v),
            Ask::F64 => de.deserialize_f64(v),
            Ask::Char => de.deserialize_char(v),
            Ask::Bytes => de.deserialize_bytes(v),
            Ask::ByteBuf => de.deserialize_byte_buf(v),
            Ask::Unit => de.deserialize_unit(v),
            Ask::UnitStruct(name) => de.deserialize_unit_struct(name, v),
            Ask::Newtype(name) => de.deserialize_newtype_struct(name, v),
            Ask::Enum(name, variants) => de.deserialize_enum(name, variants, v),
            Ask::IgnoredAny => de.deserialize_ignored_any(v),
        };
        self.keep(result)
    }

    fn str(&mut self, ask: AskStr, visitor: &mut dyn VisitStr<'de>) -> Result<(), Error> {
        let (de, v) = (self.take()?, StrWrap(visitor));
        let result = match ask {
            AskStr::Str => de.deserialize_str(v),
            AskStr::String => de.deserialize_string(v),
            AskStr::Identifier => de.deserialize_identifier(v),
        };
        self.keep(result)
    }

    fn seq(&mut self, ask: AskSeq, visitor: &mut dyn VisitSeq<'de>) -> Result<(), Error> {
        let (de, v) = (self.take()?, SeqWrap(visitor));
        let result = match ask {
            AskSeq::Seq => de.deserialize_seq(v),
            AskSeq::Tuple(len) => de.deserialize_tuple(len, v),
            AskSeq::TupleStruct(name, len) => de.deserialize_tuple_struct(name, len, v),
        };
        self.keep(result)
    }

    fn map(&mut self, ask: AskMap, visitor: &mut dyn VisitMap<'de>) -> Result<(), Error> {
        let (de, v) = (self.take()?, MapWrap(visitor));
        let result = match ask {
            AskMap::Map => de.deserialize_map(v),
            AskMap::Struct(name, fields) => de.deserialize_struct(name, fields, v),
        };
        self.keep(result)
    }

    fn option(&mut self, visitor: &mut dyn VisitOption<'de>) -> Result<(), Error> {
        let result = self.take()?.deserialize_option(OptionWrap(visitor));
        self.keep(result)
    }

    fn human_readable(&self) -> bool {
        self.de.as_ref().is_none_or(|de| de.is_human_readable())
    }
}

/// The seed serde_norway is given: it reads one value through the erased seed.
pub(super) struct SeedWrap<'a, 'de>(pub(super) &'a mut dyn ErasedSeed<'de>);

impl<'de> DeserializeSeed<'de> for SeedWrap<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        DeImpl::run(de, |erased| self.0.seed(erased))
    }
}

/// A type's own error for a visit with no access (nothing held below it).
fn own<E: de::Error>(err: Error) -> E {
    restore(&mut None, err)
}

/// The visitor serde_norway is given for `deserialize_any` and the scalar questions: every
/// method forwarded.
struct AnyWrap<'a, 'de>(&'a mut dyn VisitAny<'de>);

/// `visit_*` methods that hand a scalar on as one [`Prim`].
macro_rules! prims {
    ($($method:ident($ty:ty) => $prim:ident;)*) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<(), E> {
            self.0.prim(Prim::$prim(v)).map_err(own)
        }
    )*};
}

impl<'de> Visitor<'de> for AnyWrap<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    prims! {
        visit_bool(bool) => Bool;
        visit_i8(i8) => I8;
        visit_i16(i16) => I16;
        visit_i32(i32) => I32;
        visit_i64(i64) => I64;
        visit_i128(i128) => I128;
        visit_u8(u8) => U8;
        visit_u16(u16) => U16;
        visit_u32(u32) => U32;
        visit_u64(u64) => U64;
        visit_u128(u128) => U128;
        visit_f32(f32) => F32;
        visit_f64(f64) => F64;
        visit_char(char) => Char;
        visit_str(&str) => Str;
        visit_borrowed_str(&'de str) => BorrowedStr;
        visit_string(String) => String;
        visit_bytes(&[u8]) => Bytes;
        visit_borrowed_bytes(&'de [u8]) => BorrowedBytes;
        visit_byte_buf(Vec<u8>) => ByteBuf;
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.0.prim(Prim::None).map_err(own)
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.0.prim(Prim::Unit).map_err(own)
    }

    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        DeImpl::run(de, |erased| self.0.some(erased))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        DeImpl::run(de, |erased| self.0.newtype(erased))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        let mut access = SeqImpl { seq, held: None };
        self.0.seq(&mut access).map_err(|err| restore(&mut access.held, err))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let mut access = MapImpl { map, held: None };
        self.0.map(&mut access).map_err(|err| restore(&mut access.held, err))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<(), A::Error> {
        let mut access = EnumImpl { data: Some(data), variant: None, held: None };
        self.0.enumeration(&mut access).map_err(|err| restore(&mut access.held, err))
    }
}

/// The visitor for `deserialize_map` and `deserialize_struct`: serde_norway calls `visit_map`
/// only (an empty or null value is an empty map; anything else its own `invalid type` error,
/// which reads `expecting` alone).
struct MapWrap<'a, 'de>(&'a mut dyn VisitMap<'de>);

impl<'de> Visitor<'de> for MapWrap<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let mut access = MapImpl { map, held: None };
        self.0.map(&mut access).map_err(|err| restore(&mut access.held, err))
    }
}

/// The visitor for `deserialize_seq` and the tuples: serde_norway calls `visit_seq` only.
struct SeqWrap<'a, 'de>(&'a mut dyn VisitSeq<'de>);

impl<'de> Visitor<'de> for SeqWrap<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        let mut access = SeqImpl { seq, held: None };
        self.0.seq(&mut access).map_err(|err| restore(&mut access.held, err))
    }
}

/// The visitor for `deserialize_option`: serde_norway calls `visit_none` or `visit_some` only.
struct OptionWrap<'a, 'de>(&'a mut dyn VisitOption<'de>);

impl<'de> Visitor<'de> for OptionWrap<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.0.none().map_err(own)
    }

    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        DeImpl::run(de, |erased| self.0.some(erased))
    }
}

/// The visitor for `deserialize_str`, `_string` and `_identifier`: serde_norway calls
/// `visit_borrowed_str` or `visit_str` only.
struct StrWrap<'a, 'de>(&'a mut dyn VisitStr<'de>);

impl<'de> Visitor<'de> for StrWrap<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.str(v).map_err(own)
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<(), E> {
        self.0.borrowed_str(v).map_err(own)
    }
}

/// serde_norway's map access, and its error once it gave one.
struct MapImpl<'de, A: MapAccess<'de>> {
    map: A,
    held: Option<A::Error>,
}

impl<'de, A: MapAccess<'de>> ErasedMap<'de> for MapImpl<'de, A> {
    fn next_key(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<bool, Error> {
        match self.map.next_key_seed(SeedWrap(seed)) {
            Ok(key) => Ok(key.is_some()),
            Err(err) => Err(hold(&mut self.held, err)),
        }
    }

    fn next_value(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<(), Error> {
        self.map.next_value_seed(SeedWrap(seed)).map_err(|err| hold(&mut self.held, err))
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

/// serde_norway's sequence access, and its error once it gave one.
struct SeqImpl<'de, A: SeqAccess<'de>> {
    seq: A,
    held: Option<A::Error>,
}

impl<'de, A: SeqAccess<'de>> ErasedSeq<'de> for SeqImpl<'de, A> {
    fn next_element(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<bool, Error> {
        match self.seq.next_element_seed(SeedWrap(seed)) {
            Ok(element) => Ok(element.is_some()),
            Err(err) => Err(hold(&mut self.held, err)),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

/// serde_norway's enum access, then the variant it gave, and its error once it gave one.
struct EnumImpl<'de, A: EnumAccess<'de>> {
    data: Option<A>,
    variant: Option<A::Variant>,
    held: Option<A::Error>,
}

impl<'de, A: EnumAccess<'de>> EnumImpl<'de, A> {
    fn take(&mut self) -> Result<A::Variant, Error> {
        self.variant.take().ok_or_else(lost)
    }

    fn keep(&mut self, result: Result<(), A::Error>) -> Result<(), Error> {
        result.map_err(|err| hold(&mut self.held, err))
    }
}

impl<'de, A: EnumAccess<'de>> ErasedEnum<'de> for EnumImpl<'de, A> {
    fn variant(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<(), Error> {
        let data = self.data.take().ok_or_else(lost)?;
        match data.variant_seed(SeedWrap(seed)) {
            Ok(((), variant)) => {
                self.variant = Some(variant);
                Ok(())
            }
            Err(err) => Err(hold(&mut self.held, err)),
        }
    }

    fn unit(&mut self) -> Result<(), Error> {
        let result = self.take()?.unit_variant();
        self.keep(result)
    }

    fn newtype(&mut self, seed: &mut dyn ErasedSeed<'de>) -> Result<(), Error> {
        let result = self.take()?.newtype_variant_seed(SeedWrap(seed));
        self.keep(result)
    }

    fn tuple(&mut self, len: usize, visitor: &mut dyn VisitAny<'de>) -> Result<(), Error> {
        let result = self.take()?.tuple_variant(len, AnyWrap(visitor));
        self.keep(result)
    }

    fn structure(
        &mut self,
        fields: &'static [&'static str],
        visitor: &mut dyn VisitAny<'de>,
    ) -> Result<(), Error> {
        let result = self.take()?.struct_variant(fields, AnyWrap(visitor));
        self.keep(result)
    }
}

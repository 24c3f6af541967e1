// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// @file cowvector.h
/// CowVector<T>: a vector whose elements live in chunks of 2^Bits elements shared between copies
/// (copy on write per chunk, as Qt's implicit sharing is per container). Copying a CowVector copies
/// one pointer per chunk; the first write to a chunk through a copy copies that chunk only. The
/// fabric's nodes and links are CowVectors, so an edit's copy of a k=64 fabric (70,656 nodes,
/// 264,192 links) copies about 1,300 chunk pointers instead of every port and link, and a snapshot
/// shares every chunk the edit did not touch (docs/performance.md, "Session 19").
///
/// The interface is std::vector's, with these differences:
/// - writing access (non-const operator[], at, front, back, emplace_back's result) makes that one chunk
///   the container's own first; a non-const begin()/end() makes every chunk its own (a loop that may
///   write anywhere). Read through a const reference (std::as_const, cbegin) to share.
/// - as with any implicitly shared container, a reference obtained for writing must not be kept across
///   a copy of the container: after `T& x = v[i]; auto w = v;` a write through x is seen by w too.
/// - elements are not contiguous: no data(); indexOf() finds an element's index from its address.
/// - insert and erase in the middle rebuild the chunks (linear, as std::vector's are).
/// Reading from several threads is safe as for std::vector; a chunk is shared read-only between copies
/// (a writer copies a chunk it does not own alone; the reference counts are atomic).

#include <algorithm>
#include <compare>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace lfp {

template <class T, unsigned Bits = 8>
class CowVector {
    using Chunk = std::vector<T>;
    using ChunkPtr = std::shared_ptr<Chunk>;

public:
    static constexpr std::size_t kChunk = std::size_t(1) << Bits;
    static constexpr std::size_t kMask = kChunk - 1;

    using value_type = T;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using reference = T&;
    using const_reference = const T&;
    using pointer = T*;
    using const_pointer = const T*;

    template <bool Const>
    class Iter {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using iterator_concept = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using reference = std::conditional_t<Const, const T&, T&>;
        using pointer = std::conditional_t<Const, const T*, T*>;

        Iter() = default;
        Iter(const ChunkPtr* chunks, std::size_t i)
            : m_chunks(chunks)
            , m_i(i)
        {
        }
        template <bool C = Const, class = std::enable_if_t<C>>
        Iter(const Iter<false>& o) // NOLINT(google-explicit-constructor): iterator → const_iterator
            : m_chunks(o.m_chunks)
            , m_i(o.m_i)
        {
        }

        reference operator*() const { return (*m_chunks[m_i >> Bits])[m_i & kMask]; }
        pointer operator->() const { return &**this; }
        reference operator[](difference_type n) const { return *(*this + n); }
        Iter& operator++() { ++m_i; return *this; }
        Iter operator++(int) { Iter t = *this; ++m_i; return t; }
        Iter& operator--() { --m_i; return *this; }
        Iter operator--(int) { Iter t = *this; --m_i; return t; }
        Iter& operator+=(difference_type n) { m_i = std::size_t(difference_type(m_i) + n); return *this; }
        Iter& operator-=(difference_type n) { m_i = std::size_t(difference_type(m_i) - n); return *this; }
        friend Iter operator+(Iter it, difference_type n) { return it += n; }
        friend Iter operator+(difference_type n, Iter it) { return it += n; }
        friend Iter operator-(Iter it, difference_type n) { return it -= n; }
        friend difference_type operator-(const Iter& a, const Iter& b) { return difference_type(a.m_i) - difference_type(b.m_i); }
        friend bool operator==(const Iter& a, const Iter& b) { return a.m_i == b.m_i; }
        friend auto operator<=>(const Iter& a, const Iter& b) { return a.m_i <=> b.m_i; }
        /// The element's index in its container.
        [[nodiscard]] std::size_t index() const { return m_i; }

    private:
        friend class CowVector;
        template <bool>
        friend class Iter;
        const ChunkPtr* m_chunks = nullptr;
        std::size_t m_i = 0;
    };
    using iterator = Iter<false>;
    using const_iterator = Iter<true>;
    using reverse_iterator = std::reverse_iterator<iterator>;
    using const_reverse_iterator = std::reverse_iterator<const_iterator>;

    CowVector() = default;
    CowVector(std::initializer_list<T> items) { append(items.begin(), items.end()); }
    CowVector(const std::vector<T>& items) { append(items.begin(), items.end()); } // NOLINT(google-explicit-constructor)
    CowVector(std::vector<T>&& items) // NOLINT(google-explicit-constructor)
    {
        append(std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
    }
    template <class It, class = typename std::iterator_traits<It>::iterator_category>
    CowVector(It first, It last) { append(first, last); }
    CowVector(std::size_t n, const T& v) { resize(n, v); }
    explicit CowVector(std::size_t n) { resize(n); }

    CowVector(const CowVector&) = default;
    CowVector(CowVector&& o) noexcept
        : m_chunks(std::move(o.m_chunks))
        , m_size(std::exchange(o.m_size, 0))
    {
    }
    CowVector& operator=(const CowVector&) = default;
    CowVector& operator=(CowVector&& o) noexcept
    {
        m_chunks = std::move(o.m_chunks);
        m_size = std::exchange(o.m_size, 0);
        o.m_chunks.clear();
        return *this;
    }
    CowVector& operator=(std::initializer_list<T> items)
    {
        clear();
        append(items.begin(), items.end());
        return *this;
    }

    // ---- size
    [[nodiscard]] std::size_t size() const { return m_size; }
    [[nodiscard]] bool empty() const { return m_size == 0; }
    [[nodiscard]] std::size_t max_size() const { return std::vector<T>().max_size(); }
    void reserve(std::size_t n) { m_chunks.reserve((n + kMask) >> Bits); }

    // ---- reading
    const T& operator[](std::size_t i) const { return (*m_chunks[i >> Bits])[i & kMask]; }
    const T& at(std::size_t i) const
    {
        if (i >= m_size)
            throw std::out_of_range("CowVector::at");
        return (*this)[i];
    }
    const T& front() const { return (*this)[0]; }
    const T& back() const { return (*this)[m_size - 1]; }
    const_iterator begin() const { return { m_chunks.data(), 0 }; }
    const_iterator end() const { return { m_chunks.data(), m_size }; }
    const_iterator cbegin() const { return begin(); }
    const_iterator cend() const { return end(); }
    const_reverse_iterator rbegin() const { return const_reverse_iterator(end()); }
    const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }
    /// The index of the element at @p p, if it is one of this container's (linear in the chunks).
    [[nodiscard]] std::optional<std::size_t> indexOf(const T* p) const
    {
        for (std::size_t c = 0; c < m_chunks.size(); ++c) {
            const Chunk& ch = *m_chunks[c];
            if (!ch.empty() && p >= ch.data() && p < ch.data() + ch.size())
                return (c << Bits) + std::size_t(p - ch.data());
        }
        return std::nullopt;
    }
    /// The elements as one std::vector (a copy).
    [[nodiscard]] std::vector<T> toVector() const { return std::vector<T>(begin(), end()); }

    // ---- sharing
    [[nodiscard]] std::size_t chunkCount() const { return m_chunks.size(); }
    /// True when chunk @p c (elements c·2^Bits …) is the same storage in both containers: its elements
    /// are the same objects, unchanged since one was copied from the other.
    [[nodiscard]] bool sharesChunk(const CowVector& o, std::size_t c) const
    {
        return c < m_chunks.size() && c < o.m_chunks.size() && m_chunks[c] == o.m_chunks[c];
    }
    /// Chunks this container shares with another (for tests and memory figures).
    [[nodiscard]] bool isShared(std::size_t c) const { return m_chunks[c].use_count() > 1; }

    // ---- writing (each makes the chunks it writes to the container's own)
    T& operator[](std::size_t i) { return own(i >> Bits)[i & kMask]; }
    T& at(std::size_t i)
    {
        if (i >= m_size)
            throw std::out_of_range("CowVector::at");
        return (*this)[i];
    }
    T& front() { return (*this)[0]; }
    T& back() { return (*this)[m_size - 1]; }
    iterator begin()
    {
        detachAll();
        return { m_chunks.data(), 0 };
    }
    iterator end()
    {
        detachAll();
        return { m_chunks.data(), m_size };
    }
    reverse_iterator rbegin() { return reverse_iterator(end()); }
    reverse_iterator rend() { return reverse_iterator(begin()); }

    void push_back(const T& v) { emplace_back(v); }
    void push_back(T&& v) { emplace_back(std::move(v)); }
    template <class... A>
    T& emplace_back(A&&... a)
    {
        if (m_size == (m_chunks.size() << Bits)) {
            auto c = std::make_shared<Chunk>();
            c->reserve(kChunk);
            m_chunks.push_back(std::move(c));
        }
        Chunk& last = own(m_chunks.size() - 1);
        last.emplace_back(std::forward<A>(a)...);
        ++m_size;
        return last.back();
    }
    void pop_back() { truncate(m_size - 1); }
    void clear()
    {
        m_chunks.clear();
        m_size = 0;
    }
    void resize(std::size_t n)
    {
        if (n < m_size)
            truncate(n);
        while (m_size < n)
            emplace_back();
    }
    void resize(std::size_t n, const T& v)
    {
        if (n < m_size)
            truncate(n);
        while (m_size < n)
            emplace_back(v);
    }
    void assign(std::size_t n, const T& v)
    {
        clear();
        resize(n, v);
    }
    template <class It, class = typename std::iterator_traits<It>::iterator_category>
    void assign(It first, It last)
    {
        clear();
        append(first, last);
    }
    template <class It, class = typename std::iterator_traits<It>::iterator_category>
    void append(It first, It last)
    {
        for (; first != last; ++first)
            emplace_back(*first);
    }

    iterator insert(const_iterator pos, const T& v) { return insert(pos, &v, &v + 1); }
    iterator insert(const_iterator pos, T&& v)
    {
        const std::size_t at = pos.m_i;
        if (at == m_size) {
            emplace_back(std::move(v));
            detachAll(); // the iterator may be moved to any element
            return iterator(m_chunks.data(), at);
        }
        std::vector<T> all = take();
        all.insert(all.begin() + difference_type(at), std::move(v));
        rechunk(std::move(all));
        return iterator(m_chunks.data(), at);
    }
    template <class It, class = typename std::iterator_traits<It>::iterator_category>
    iterator insert(const_iterator pos, It first, It last)
    {
        const std::size_t at = pos.m_i;
        if (at == m_size) {
            append(first, last);
            detachAll(); // the iterator may be moved to any element
            return iterator(m_chunks.data(), at);
        }
        std::vector<T> all = take();
        all.insert(all.begin() + difference_type(at), first, last);
        rechunk(std::move(all));
        return iterator(m_chunks.data(), at);
    }
    iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
    iterator erase(const_iterator first, const_iterator last)
    {
        const std::size_t a = first.m_i, b = last.m_i;
        if (b == m_size) {
            truncate(a);
            detachAll(); // the iterator may be moved to any element
            return iterator(m_chunks.data(), a);
        }
        if (a == b) {
            detachAll();
            return iterator(m_chunks.data(), a);
        }
        std::vector<T> all = take();
        all.erase(all.begin() + difference_type(a), all.begin() + difference_type(b));
        rechunk(std::move(all));
        return iterator(m_chunks.data(), a);
    }

    friend bool operator==(const CowVector& a, const CowVector& b)
    {
        if (a.m_size != b.m_size)
            return false;
        for (std::size_t c = 0; c < a.m_chunks.size(); ++c)
            if (a.m_chunks[c] != b.m_chunks[c] && *a.m_chunks[c] != *b.m_chunks[c])
                return false;
        return true;
    }
    friend bool operator==(const CowVector& a, const std::vector<T>& b) { return a.m_size == b.size() && std::equal(a.begin(), a.end(), b.begin()); }

private:
    /// Chunk @p c, copied first when another container shares it.
    Chunk& own(std::size_t c)
    {
        ChunkPtr& p = m_chunks[c];
        if (p.use_count() != 1) {
            auto copy = std::make_shared<Chunk>();
            copy->reserve(kChunk);
            copy->insert(copy->end(), p->begin(), p->end());
            p = std::move(copy);
        }
        return *p;
    }
    void detachAll()
    {
        for (std::size_t c = 0; c < m_chunks.size(); ++c)
            own(c);
    }
    void truncate(std::size_t n)
    {
        const std::size_t keep = (n + kMask) >> Bits;
        m_chunks.resize(keep);
        if (keep > 0 && (n & kMask) != 0)
            own(keep - 1).resize(n & kMask);
        m_size = n;
    }
    /// Every element, moved out of the chunks this container owns alone and copied from shared ones.
    std::vector<T> take()
    {
        std::vector<T> all;
        all.reserve(m_size);
        for (auto& p : m_chunks) {
            if (p.use_count() == 1)
                std::move(p->begin(), p->end(), std::back_inserter(all));
            else
                all.insert(all.end(), p->begin(), p->end());
        }
        clear();
        return all;
    }
    void rechunk(std::vector<T>&& all)
    {
        clear();
        reserve(all.size());
        append(std::make_move_iterator(all.begin()), std::make_move_iterator(all.end()));
    }

    std::vector<ChunkPtr> m_chunks;
    std::size_t m_size = 0;
};

/// std::erase_if for a CowVector: the elements kept, in order; the number removed. Chunks before the
/// first removed element stay shared.
template <class T, unsigned Bits, class Pred>
std::size_t erase_if(CowVector<T, Bits>& v, Pred pred)
{
    const auto& cv = v;
    const auto first = std::find_if(cv.begin(), cv.end(), pred);
    if (first == cv.end())
        return 0;
    std::vector<T> kept; // the predicate is asked once per element (it may have effects)
    for (auto it = first + 1; it != cv.end(); ++it)
        if (!pred(*it))
            kept.push_back(*it);
    const std::size_t removed = std::size_t(cv.end() - first) - kept.size();
    v.erase(first, cv.end());
    v.append(std::make_move_iterator(kept.begin()), std::make_move_iterator(kept.end()));
    return removed;
}

} // namespace lfp
